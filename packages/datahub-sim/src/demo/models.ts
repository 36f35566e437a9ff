/**
 * MLflow models and their groups. Janus's convention: the label is `customProperties.label`, a column of
 * the model's training set (`mlModelTrainingData`).
 */
import { globalTags, HOUR_MS, ownership, type OwnerKind } from './aspects.js';
import { mcp, type MetadataRecord } from './records.js';
import {
  DATASETS as D, FEATURES as F, GROUPS, JOBS, MODEL_GROUPS, MODEL_NAMES, MODELS, TAGS, USERS,
} from './urns.js';

type ModelKey = keyof typeof MODELS;

interface ModelSpec {
  key: ModelKey;
  description: string;
  label: string;
  algorithm: string;
  version: string;
  features: string[];
  trainingSet: string;
  trainingJob: string;
  owners: Array<[string, OwnerKind]>;
  tags: string[];
  metrics: Record<string, string>;
  hyperParams: Record<string, string>;
}

const MODEL_SPECS: ModelSpec[] = [
  // target leakage: days_to_chargeback derives from the label's source column
  { key: 'fraud', description: 'Scores card transactions for fraud at authorisation time.', label: 'is_fraud',
    algorithm: 'XGBoost classifier', version: '4', features: [F.txnAmountAvg30d, F.txnCount7d, F.daysToChargeback],
    trainingSet: D.fraudTrainingSet, trainingJob: JOBS.trainFraudDetector,
    owners: [[GROUPS.riskMl, 'TECHNICAL_OWNER'], [USERS.dev, 'TECHNICAL_OWNER']], tags: [TAGS.tier1],
    metrics: { auc: '0.991', precision_at_1pct: '0.87' }, hyperParams: { max_depth: '6', n_estimators: '400' } },
  // its only owner is suspended
  { key: 'churn', description: 'Predicts churn within 30 days for retention offers.', label: 'churned_30d',
    algorithm: 'LightGBM classifier', version: '2', features: [F.tenureDays, F.planTier, F.txnCount7d],
    trainingSet: D.customerTrainingSet, trainingJob: JOBS.trainChurnPredictor,
    owners: [[USERS.bob, 'TECHNICAL_OWNER']], tags: [],
    metrics: { auc: '0.81' }, hyperParams: { num_leaves: '31', learning_rate: '0.05' } },
  // upstream job's latest run failed
  { key: 'sessionIntent', description: 'Predicts purchase intent from web sessions.', label: 'converted_7d',
    algorithm: 'Logistic regression', version: '1', features: [F.sessions7d, F.avgPageViews7d],
    trainingSet: D.sessionTrainingSet, trainingJob: JOBS.trainSessionIntent,
    owners: [[GROUPS.growthMl, 'TECHNICAL_OWNER'], [USERS.erin, 'TECHNICAL_OWNER']], tags: [],
    metrics: { auc: '0.74' }, hyperParams: { C: '1.0' } },
  // upstream table past its SLA, and an upstream table with no owner
  { key: 'campaignUplift', description: 'Estimates uplift of marketing campaigns per customer.', label: 'responded',
    algorithm: 'Two-model uplift (gradient boosting)', version: '1', features: [F.touches30d, F.emailTouchShare],
    trainingSet: D.upliftTrainingSet, trainingJob: JOBS.trainCampaignUplift,
    owners: [[GROUPS.growthMl, 'TECHNICAL_OWNER'], [USERS.erin, 'BUSINESS_OWNER']], tags: [],
    metrics: { qini: '0.12' }, hyperParams: { max_depth: '4' } },
  // nothing wrong
  { key: 'customerLtv', description: 'Forecasts 365-day customer lifetime value.', label: 'ltv_365d',
    algorithm: 'Gradient boosting regressor', version: '2', features: [F.tenureDays, F.planTier, F.txnAmountAvg30d],
    trainingSet: D.customerTrainingSet, trainingJob: JOBS.trainCustomerLtv,
    owners: [[GROUPS.mlPlatform, 'TECHNICAL_OWNER'], [USERS.alice, 'TECHNICAL_OWNER']], tags: [TAGS.tier1],
    metrics: { rmse: '41.7', r2: '0.63' }, hyperParams: { max_depth: '5', n_estimators: '300' } },
];

const pairs = (m: Record<string, string>): Array<{ name: string; value: string }> =>
  Object.entries(m).map(([name, value]) => ({ name, value }));

function recordsOfModel(m: ModelSpec, now: number): MetadataRecord[] {
  const urn = MODELS[m.key];
  const group = MODEL_GROUPS[m.key];
  const name = MODEL_NAMES[m.key];
  const trainedAt = now - 18 * HOUR_MS;
  const records: MetadataRecord[] = [
    mcp(group, 'mlModelGroupProperties', {
      customProperties: {}, name: name.replace(/_v\d+$/, ''), description: `Versions of ${name.replace(/_v\d+$/, '')}.`,
      created: { time: now - 300 * 24 * HOUR_MS },
    }),
    mcp(group, 'ownership', ownership(m.owners, now - 300 * 24 * HOUR_MS)),
    mcp(urn, 'mlModelProperties', {
      customProperties: { label: m.label, framework: 'mlflow', stage: 'Production', mlflow_run_id: `run-${name}` },
      externalUrl: `https://mlflow.acmepay.example/#/models/${name}`,
      name,
      description: m.description,
      created: { time: trainedAt, actor: USERS.airflow },
      lastModified: { time: trainedAt, actor: USERS.airflow },
      version: { versionTag: m.version },
      type: m.algorithm,
      hyperParams: pairs(m.hyperParams),
      trainingMetrics: pairs(m.metrics),
      mlFeatures: m.features,
      tags: [],
      groups: [group],
      trainingJobs: [m.trainingJob],
      downstreamJobs: [],
      deployments: [],
    }),
    mcp(urn, 'mlModelTrainingData', {
      trainingData: [{ dataset: m.trainingSet, motivation: `Label column: ${m.label}.` }],
    }),
    mcp(urn, 'ownership', ownership(m.owners, trainedAt)),
    mcp(urn, 'status', { removed: false }),
  ];
  if (m.tags.length) records.push(mcp(urn, 'globalTags', globalTags(m.tags)));
  return records;
}

export function modelRecords(now: number): MetadataRecord[] {
  return MODEL_SPECS.flatMap((m) => recordsOfModel(m, now));
}
