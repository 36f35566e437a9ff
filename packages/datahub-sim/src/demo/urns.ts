/** Every urn of the demo catalog, by role. None depends on the clock, so tests can import them freely. */
import { createHash } from 'node:crypto';
import {
  assertionUrn, corpGroupUrn, corpUserUrn, dataFlowUrn, dataJobUrn, dataProcessInstanceUrn, datasetUrn,
  mlFeatureTableUrn, mlFeatureUrn, mlModelGroupUrn, mlModelUrn, mlPrimaryKeyUrn, schemaFieldUrn, tagUrn,
} from './records.js';

export const USERS = {
  alice: corpUserUrn('alice.chen'),
  bob: corpUserUrn('bob.okafor'),
  carol: corpUserUrn('carol.diaz'),
  dev: corpUserUrn('dev.patel'),
  erin: corpUserUrn('erin.walsh'),
  airflow: corpUserUrn('svc_airflow'),
} as const;

export const GROUPS = {
  dataPlatform: corpGroupUrn('data-platform'),
  riskMl: corpGroupUrn('risk-ml'),
  growthMl: corpGroupUrn('growth-ml'),
  mlPlatform: corpGroupUrn('ml-platform'),
} as const;

export const TAGS = {
  pii: tagUrn('pii'),
  tier1: tagUrn('tier-1'),
  raw: tagUrn('raw'),
  trainingData: tagUrn('training-data'),
} as const;

export const DATASETS = {
  // raw: landed by ingestion, no producing job
  transactions: datasetUrn('kafka', 'payments.transactions'),
  chargebacks: datasetUrn('snowflake', 'raw.payments.chargebacks'),
  customers: datasetUrn('snowflake', 'raw.crm.customers'),
  campaignTouches: datasetUrn('snowflake', 'raw.marketing.campaign_touches'),
  sessions: datasetUrn('s3', 'acme-events/clickstream/sessions'),
  // cleaned: dbt models on Snowflake, run by Airflow
  stgTransactions: datasetUrn('snowflake', 'analytics.stg_transactions'),
  stgChargebacks: datasetUrn('snowflake', 'analytics.stg_chargebacks'),
  fctTransactions: datasetUrn('snowflake', 'analytics.fct_transactions'),
  stgSessions: datasetUrn('snowflake', 'analytics.stg_sessions'),
  customerProfile: datasetUrn('snowflake', 'analytics.customer_profile'),
  campaignAttribution: datasetUrn('snowflake', 'analytics.campaign_attribution'),
  // offline feature store tables (the sources of the feast features)
  txnFeatures: datasetUrn('snowflake', 'features.txn_features'),
  customerFeatures: datasetUrn('snowflake', 'features.customer_features'),
  engagementFeatures: datasetUrn('snowflake', 'features.engagement_features'),
  campaignFeatures: datasetUrn('snowflake', 'features.campaign_features'),
  // training sets
  fraudTrainingSet: datasetUrn('snowflake', 'ml.fraud_training_set'),
  customerTrainingSet: datasetUrn('snowflake', 'ml.customer_training_set'),
  sessionTrainingSet: datasetUrn('snowflake', 'ml.session_training_set'),
  upliftTrainingSet: datasetUrn('snowflake', 'ml.uplift_training_set'),
} as const;

export const FLOWS = {
  paymentsEtl: dataFlowUrn('airflow', 'payments_etl'),
  growthEtl: dataFlowUrn('airflow', 'growth_etl'),
  featurePipelines: dataFlowUrn('airflow', 'feature_pipelines'),
  mlTraining: dataFlowUrn('airflow', 'ml_training'),
} as const;

export const JOBS = {
  buildStgTransactions: dataJobUrn(FLOWS.paymentsEtl, 'build_stg_transactions'),
  buildStgChargebacks: dataJobUrn(FLOWS.paymentsEtl, 'build_stg_chargebacks'),
  buildFctTransactions: dataJobUrn(FLOWS.paymentsEtl, 'build_fct_transactions'),
  buildStgSessions: dataJobUrn(FLOWS.growthEtl, 'build_stg_sessions'),
  buildCustomerProfile: dataJobUrn(FLOWS.growthEtl, 'build_customer_profile'),
  buildCampaignAttribution: dataJobUrn(FLOWS.growthEtl, 'build_campaign_attribution'),
  materializeTxnFeatures: dataJobUrn(FLOWS.featurePipelines, 'materialize_txn_features'),
  materializeCustomerFeatures: dataJobUrn(FLOWS.featurePipelines, 'materialize_customer_features'),
  materializeEngagementFeatures: dataJobUrn(FLOWS.featurePipelines, 'materialize_engagement_features'),
  materializeCampaignFeatures: dataJobUrn(FLOWS.featurePipelines, 'materialize_campaign_features'),
  buildFraudTrainingSet: dataJobUrn(FLOWS.mlTraining, 'build_fraud_training_set'),
  buildCustomerTrainingSet: dataJobUrn(FLOWS.mlTraining, 'build_customer_training_set'),
  buildSessionTrainingSet: dataJobUrn(FLOWS.mlTraining, 'build_session_training_set'),
  buildUpliftTrainingSet: dataJobUrn(FLOWS.mlTraining, 'build_uplift_training_set'),
  trainFraudDetector: dataJobUrn(FLOWS.mlTraining, 'train_fraud_detector'),
  trainChurnPredictor: dataJobUrn(FLOWS.mlTraining, 'train_churn_predictor'),
  trainSessionIntent: dataJobUrn(FLOWS.mlTraining, 'train_session_intent'),
  trainCampaignUplift: dataJobUrn(FLOWS.mlTraining, 'train_campaign_uplift'),
  trainCustomerLtv: dataJobUrn(FLOWS.mlTraining, 'train_customer_ltv'),
} as const;

/** A stable guid per (job, run number; 0 = oldest), like the Airflow plugin's md5 run ids. */
export const runId = (job: string, n: number): string => createHash('md5').update(`${job}#${n}`).digest('hex');
export const runUrn = (job: string, n: number): string => dataProcessInstanceUrn(runId(job, n));

export const FEATURE_TABLES = {
  txn: mlFeatureTableUrn('feast', 'txn_features'),
  customer: mlFeatureTableUrn('feast', 'customer_features'),
  engagement: mlFeatureTableUrn('feast', 'engagement_features'),
  campaign: mlFeatureTableUrn('feast', 'campaign_features'),
} as const;

/** Feature urns: namespace = feature table name, name = the column of its source table (Janus's convention). */
export const FEATURES = {
  txnAmountAvg30d: mlFeatureUrn('txn_features', 'txn_amount_avg_30d'),
  txnCount7d: mlFeatureUrn('txn_features', 'txn_count_7d'),
  daysToChargeback: mlFeatureUrn('txn_features', 'days_to_chargeback'),
  tenureDays: mlFeatureUrn('customer_features', 'tenure_days'),
  planTier: mlFeatureUrn('customer_features', 'plan_tier'),
  sessions7d: mlFeatureUrn('engagement_features', 'sessions_7d'),
  avgPageViews7d: mlFeatureUrn('engagement_features', 'avg_page_views_7d'),
  touches30d: mlFeatureUrn('campaign_features', 'touches_30d'),
  emailTouchShare: mlFeatureUrn('campaign_features', 'email_touch_share'),
} as const;

export const PRIMARY_KEYS = {
  accountId: mlPrimaryKeyUrn('txn_features', 'account_id'),
  customerIdCustomer: mlPrimaryKeyUrn('customer_features', 'customer_id'),
  customerIdEngagement: mlPrimaryKeyUrn('engagement_features', 'customer_id'),
  customerIdCampaign: mlPrimaryKeyUrn('campaign_features', 'customer_id'),
} as const;

export const MODEL_NAMES = {
  fraud: 'fraud_detector_v4',
  churn: 'churn_predictor_v2',
  sessionIntent: 'session_intent_v1',
  campaignUplift: 'campaign_uplift_v1',
  customerLtv: 'customer_ltv_v2',
} as const;

export const MODELS = {
  fraud: mlModelUrn('mlflow', MODEL_NAMES.fraud),
  churn: mlModelUrn('mlflow', MODEL_NAMES.churn),
  sessionIntent: mlModelUrn('mlflow', MODEL_NAMES.sessionIntent),
  campaignUplift: mlModelUrn('mlflow', MODEL_NAMES.campaignUplift),
  customerLtv: mlModelUrn('mlflow', MODEL_NAMES.customerLtv),
} as const;

export const MODEL_GROUPS = {
  fraud: mlModelGroupUrn('mlflow', 'fraud_detector'),
  churn: mlModelGroupUrn('mlflow', 'churn_predictor'),
  sessionIntent: mlModelGroupUrn('mlflow', 'session_intent'),
  campaignUplift: mlModelGroupUrn('mlflow', 'campaign_uplift'),
  customerLtv: mlModelGroupUrn('mlflow', 'customer_ltv'),
} as const;

export const STRUCTURED_PROPERTIES = {
  modelTier: 'urn:li:structuredProperty:io.acmepay.model_tier',
  retrainEveryDays: 'urn:li:structuredProperty:io.acmepay.retrain_every_days',
} as const;

export const ASSERTIONS = {
  fctTransactionsFreshness: assertionUrn('demo-freshness-fct-transactions'),
  stgTransactionsRowCount: assertionUrn('demo-volume-stg-transactions'),
} as const;

/**
 * The entities the demo plants on purpose (see docs/demo-catalog.md), for the tests of later issues.
 */
export const DEMO = {
  users: USERS,
  groups: GROUPS,
  tags: TAGS,
  datasets: DATASETS,
  flows: FLOWS,
  jobs: JOBS,
  featureTables: FEATURE_TABLES,
  features: FEATURES,
  primaryKeys: PRIMARY_KEYS,
  models: MODELS,
  modelNames: MODEL_NAMES,
  modelGroups: MODEL_GROUPS,
  assertions: ASSERTIONS,
  structuredProperties: STRUCTURED_PROPERTIES,
  /** Target leakage: a feature of fraud_detector_v4 derives, over three column hops, from the label's source. */
  leakage: {
    model: MODELS.fraud,
    feature: FEATURES.daysToChargeback,
    label: 'is_fraud',
    trainingSet: DATASETS.fraudTrainingSet,
    featureColumn: schemaFieldUrn(DATASETS.txnFeatures, 'days_to_chargeback'),
    labelColumn: schemaFieldUrn(DATASETS.fraudTrainingSet, 'is_fraud'),
    sourceColumn: schemaFieldUrn(DATASETS.chargebacks, 'chargeback_at'),
    /** The feature column's upstream chain, one schemaField urn a hop, ending at the label's source column. */
    featureChain: [
      schemaFieldUrn(DATASETS.txnFeatures, 'days_to_chargeback'),
      schemaFieldUrn(DATASETS.fctTransactions, 'days_to_chargeback'),
      schemaFieldUrn(DATASETS.stgChargebacks, 'chargeback_at'),
      schemaFieldUrn(DATASETS.chargebacks, 'chargeback_at'),
    ],
    labelChain: [
      schemaFieldUrn(DATASETS.fraudTrainingSet, 'is_fraud'),
      schemaFieldUrn(DATASETS.fctTransactions, 'is_fraud'),
      schemaFieldUrn(DATASETS.stgChargebacks, 'chargeback_at'),
      schemaFieldUrn(DATASETS.chargebacks, 'chargeback_at'),
    ],
  },
  freshness: {
    /** freshness_sla PT6H, newest operation 30 hours old: must fire (upstream of campaign_uplift_v1). */
    pastSla: DATASETS.campaignTouches,
    pastSlaModel: MODELS.campaignUplift,
    /** freshness_sla PT72H, newest operation 50 hours old: must NOT fire. */
    staleWithinSla: DATASETS.customers,
    /** No SLA anywhere, newest operation 5 days old: must NOT fire. */
    noSla: DATASETS.sessions,
    /** SLA given by a FRESHNESS assertion (FIXED_INTERVAL 6 hours), updated 1 hour ago: must NOT fire. */
    assertionSla: DATASETS.fctTransactions,
    assertion: ASSERTIONS.fctTransactionsFreshness,
  },
  ownership: {
    /** corpUserStatus SUSPENDED and corpUserInfo.active false. */
    suspendedUser: USERS.bob,
    /** Its only owner is the suspended user. */
    suspendedOwnerModel: MODELS.churn,
    /** No ownership aspect at all: the training set of campaign_uplift_v1, one of its first-hop inputs. */
    unownedTable: DATASETS.upliftTrainingSet,
  },
  runs: {
    /** Latest run FAILURE (an earlier one succeeded): must fire (upstream of session_intent_v1). */
    failingJob: JOBS.buildStgSessions,
    /** Its two runs: SUCCESS 26 hours ago, FAILURE 2 hours ago. */
    failingJobRuns: [runUrn(JOBS.buildStgSessions, 0), runUrn(JOBS.buildStgSessions, 1)],
    failingJobModel: MODELS.sessionIntent,
    /** An old FAILURE followed by a SUCCESS: must NOT fire. */
    recoveredJob: JOBS.buildCustomerProfile,
    /** Its two runs: FAILURE 49 hours ago, SUCCESS 25 hours ago. */
    recoveredJobRuns: [runUrn(JOBS.buildCustomerProfile, 0), runUrn(JOBS.buildCustomerProfile, 1)],
  },
  /** Nothing wrong upstream: fresh, owned by active people, runs green, no leakage. */
  healthyModel: MODELS.customerLtv,
} as const;
