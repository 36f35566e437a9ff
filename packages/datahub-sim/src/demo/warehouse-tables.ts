/**
 * The demo's tables: raw events → cleaned tables → feature-store tables → training sets, with their
 * columns, keys, owners, freshness SLAs and column lineage. Plain data; warehouse.ts turns it into records.
 */
import type { ColumnKind, ColumnLineageSpec, ColumnSpec, OwnerKind } from './aspects.js';
import { DATASETS as D, GROUPS, TAGS, USERS } from './urns.js';

export interface TableSpec {
  urn: string;
  description: string;
  layer: 'raw' | 'staging' | 'mart' | 'feature' | 'training';
  columns: ColumnSpec[];
  keys: string[];
  /** Empty: the table has no ownership aspect at all. */
  owners: Array<[owner: string, kind: OwnerKind]>;
  /** `customProperties.freshness_sla` (ISO-8601 duration); absent: no SLA by property. */
  sla?: string;
  tags?: string[];
  /** Column lineage; the upstream datasets are the datasets these columns come from. */
  lineage?: ColumnLineageSpec[];
  /** Raw tables only: hours ago that ingestion saw new data land (derived tables get theirs from job runs). */
  landedHoursAgo?: number[];
}

const NATIVE: Record<ColumnKind, string> = {
  string: 'VARCHAR', number: 'NUMBER(38,2)', boolean: 'BOOLEAN', time: 'TIMESTAMP_NTZ', date: 'DATE',
};
const col = (name: string, kind: ColumnKind, description?: string): ColumnSpec =>
  ({ name, kind, nativeType: NATIVE[kind], ...(description ? { description } : {}) });
/** Column `name` of `to` copied from the same column of `from`. */
const same = (from: string, ...names: string[]): ColumnLineageSpec[] =>
  names.map((name) => ({ column: name, from: [[from, name]], transform: 'IDENTITY' }));
const derived = (column: string, from: Array<[string, string]>): ColumnLineageSpec => ({ column, from });

const PLATFORM_TEAM: TableSpec['owners'] = [[GROUPS.dataPlatform, 'TECHNICAL_OWNER'], [USERS.carol, 'TECHNICAL_OWNER']];
const RISK: TableSpec['owners'] = [[GROUPS.riskMl, 'TECHNICAL_OWNER'], [USERS.dev, 'TECHNICAL_OWNER']];
const GROWTH: TableSpec['owners'] = [[GROUPS.growthMl, 'TECHNICAL_OWNER'], [USERS.erin, 'TECHNICAL_OWNER']];
const ML_PLATFORM: TableSpec['owners'] = [[GROUPS.mlPlatform, 'TECHNICAL_OWNER'], [USERS.alice, 'TECHNICAL_OWNER']];

const RAW: TableSpec[] = [
  { urn: D.transactions, layer: 'raw', description: 'Card transaction events from the payments service.',
    columns: [col('txn_id', 'string'), col('account_id', 'string'), col('merchant_id', 'string'),
      col('amount', 'number'), col('currency', 'string'), col('event_time', 'time')],
    keys: ['txn_id'], owners: PLATFORM_TEAM, sla: 'PT6H', tags: [TAGS.raw, TAGS.pii], landedHoursAgo: [1.25, 0.25] },
  { urn: D.chargebacks, layer: 'raw', description: 'Chargebacks filed by card networks, landed by Fivetran.',
    columns: [col('chargeback_id', 'string'), col('txn_id', 'string'), col('reason_code', 'string'),
      col('amount', 'number'), col('chargeback_at', 'time', 'When the network filed the chargeback.')],
    keys: ['chargeback_id'], owners: PLATFORM_TEAM, sla: 'PT24H', tags: [TAGS.raw], landedHoursAgo: [27, 3] },
  // stale (50 h) but within its 72 h SLA: must NOT fire
  { urn: D.customers, layer: 'raw', description: 'CRM customer records, synced every few days.',
    columns: [col('customer_id', 'string'), col('account_id', 'string'), col('email', 'string'),
      col('signup_at', 'time'), col('plan_tier', 'string'), col('lifetime_value', 'number'), col('cancelled_at', 'time')],
    keys: ['customer_id'], owners: PLATFORM_TEAM, sla: 'PT72H', tags: [TAGS.raw, TAGS.pii], landedHoursAgo: [122, 50] },
  // past its SLA: last landed 30 h ago against 6 h
  { urn: D.campaignTouches, layer: 'raw', description: 'Marketing touches exported from the campaign tool.',
    columns: [col('touch_id', 'string'), col('customer_id', 'string'), col('campaign_id', 'string'),
      col('channel', 'string'), col('touched_at', 'time'), col('responded_at', 'time')],
    keys: ['touch_id'], owners: PLATFORM_TEAM, sla: 'PT6H', tags: [TAGS.raw], landedHoursAgo: [54, 30] },
  // no SLA at all (5 days old): nothing to judge
  { urn: D.sessions, layer: 'raw', description: 'Clickstream sessions written by the web tracker.',
    columns: [col('session_id', 'string'), col('customer_id', 'string'), col('started_at', 'time'),
      col('page_views', 'number'), col('converted_at', 'time')],
    keys: ['session_id'], owners: PLATFORM_TEAM, tags: [TAGS.raw], landedHoursAgo: [144, 120] },
];

const CLEANED: TableSpec[] = [
  { urn: D.stgTransactions, layer: 'staging', description: 'Deduplicated transactions in USD.',
    columns: [col('txn_id', 'string'), col('account_id', 'string'), col('merchant_id', 'string'),
      col('amount_usd', 'number'), col('txn_at', 'time')],
    keys: ['txn_id'], owners: PLATFORM_TEAM, sla: 'PT6H', tags: [TAGS.tier1],
    lineage: [...same(D.transactions, 'txn_id', 'account_id', 'merchant_id'),
      derived('amount_usd', [[D.transactions, 'amount'], [D.transactions, 'currency']]),
      derived('txn_at', [[D.transactions, 'event_time']])] },
  { urn: D.stgChargebacks, layer: 'staging', description: 'Chargebacks joined to card networks reason codes.',
    columns: [col('chargeback_id', 'string'), col('txn_id', 'string'), col('reason_code', 'string'),
      col('chargeback_at', 'time'), col('amount_usd', 'number')],
    keys: ['chargeback_id'], owners: PLATFORM_TEAM, sla: 'PT24H',
    lineage: [...same(D.chargebacks, 'chargeback_id', 'txn_id', 'reason_code', 'chargeback_at'),
      derived('amount_usd', [[D.chargebacks, 'amount']])] },
  // SLA from a FRESHNESS assertion (assertions.ts), not from a property
  { urn: D.fctTransactions, layer: 'mart', description: 'One row per transaction with its chargeback outcome.',
    columns: [col('txn_id', 'string'), col('account_id', 'string'), col('merchant_id', 'string'),
      col('amount_usd', 'number'), col('txn_at', 'time'), col('is_fraud', 'boolean', 'A chargeback was filed.'),
      col('days_to_chargeback', 'number', 'Days between the transaction and its chargeback.')],
    keys: ['txn_id'], owners: PLATFORM_TEAM, tags: [TAGS.tier1],
    lineage: [...same(D.stgTransactions, 'txn_id', 'account_id', 'merchant_id', 'amount_usd', 'txn_at'),
      derived('is_fraud', [[D.stgChargebacks, 'chargeback_at']]),
      derived('days_to_chargeback', [[D.stgChargebacks, 'chargeback_at'], [D.stgTransactions, 'txn_at']])] },
  { urn: D.stgSessions, layer: 'staging', description: 'Sessions with a conversion flag.',
    columns: [col('session_id', 'string'), col('customer_id', 'string'), col('started_at', 'time'),
      col('page_views', 'number'), col('converted', 'boolean')],
    keys: ['session_id'], owners: GROWTH, sla: 'PT48H',
    lineage: [...same(D.sessions, 'session_id', 'customer_id', 'started_at', 'page_views'),
      derived('converted', [[D.sessions, 'converted_at']])] },
  { urn: D.customerProfile, layer: 'mart', description: 'Current customer profile and outcomes.',
    columns: [col('customer_id', 'string'), col('account_id', 'string'), col('tenure_days', 'number'),
      col('plan_tier', 'string'), col('lifetime_value', 'number'), col('churned_30d', 'boolean')],
    keys: ['customer_id'], owners: PLATFORM_TEAM, sla: 'PT48H',
    lineage: [...same(D.customers, 'customer_id', 'account_id', 'plan_tier', 'lifetime_value'),
      derived('tenure_days', [[D.customers, 'signup_at']]), derived('churned_30d', [[D.customers, 'cancelled_at']])] },
  { urn: D.campaignAttribution, layer: 'mart', description: 'Campaign touches with a response flag.',
    columns: [col('touch_id', 'string'), col('customer_id', 'string'), col('campaign_id', 'string'),
      col('channel', 'string'), col('responded', 'boolean')],
    keys: ['touch_id'], owners: GROWTH, sla: 'PT24H',
    lineage: [...same(D.campaignTouches, 'touch_id', 'customer_id', 'campaign_id', 'channel'),
      derived('responded', [[D.campaignTouches, 'responded_at']])] },
];

const FEATURE_SOURCES: TableSpec[] = [
  { urn: D.txnFeatures, layer: 'feature', description: 'Offline store of the txn_features feature view.',
    columns: [col('account_id', 'string'), col('txn_amount_avg_30d', 'number'), col('txn_count_7d', 'number'),
      col('days_to_chargeback', 'number')],
    keys: ['account_id'], owners: RISK, sla: 'PT6H',
    lineage: [...same(D.fctTransactions, 'account_id', 'days_to_chargeback'),
      derived('txn_amount_avg_30d', [[D.fctTransactions, 'amount_usd']]),
      derived('txn_count_7d', [[D.fctTransactions, 'txn_id']])] },
  { urn: D.customerFeatures, layer: 'feature', description: 'Offline store of the customer_features feature view.',
    columns: [col('customer_id', 'string'), col('tenure_days', 'number'), col('plan_tier', 'string')],
    keys: ['customer_id'], owners: ML_PLATFORM, sla: 'PT48H',
    lineage: same(D.customerProfile, 'customer_id', 'tenure_days', 'plan_tier') },
  { urn: D.engagementFeatures, layer: 'feature', description: 'Offline store of the engagement_features feature view.',
    columns: [col('customer_id', 'string'), col('sessions_7d', 'number'), col('avg_page_views_7d', 'number')],
    keys: ['customer_id'], owners: GROWTH, sla: 'PT24H',
    lineage: [...same(D.stgSessions, 'customer_id'), derived('sessions_7d', [[D.stgSessions, 'session_id']]),
      derived('avg_page_views_7d', [[D.stgSessions, 'page_views']])] },
  { urn: D.campaignFeatures, layer: 'feature', description: 'Offline store of the campaign_features feature view.',
    columns: [col('customer_id', 'string'), col('touches_30d', 'number'), col('email_touch_share', 'number')],
    keys: ['customer_id'], owners: GROWTH, sla: 'PT24H',
    lineage: [...same(D.campaignAttribution, 'customer_id'), derived('touches_30d', [[D.campaignAttribution, 'touch_id']]),
      derived('email_touch_share', [[D.campaignAttribution, 'channel']])] },
];

const TRAINING_SETS: TableSpec[] = [
  { urn: D.fraudTrainingSet, layer: 'training', description: 'Point-in-time training set for fraud_detector.',
    columns: [col('txn_id', 'string'), col('account_id', 'string'), col('txn_amount_avg_30d', 'number'),
      col('txn_count_7d', 'number'), col('days_to_chargeback', 'number'), col('is_fraud', 'boolean', 'Label.')],
    keys: ['txn_id'], owners: RISK, sla: 'PT168H', tags: [TAGS.trainingData],
    lineage: [...same(D.fctTransactions, 'txn_id', 'account_id', 'is_fraud'),
      ...same(D.txnFeatures, 'txn_amount_avg_30d', 'txn_count_7d', 'days_to_chargeback')] },
  { urn: D.customerTrainingSet, layer: 'training', description: 'Customer snapshot for the churn and LTV models.',
    columns: [col('customer_id', 'string'), col('account_id', 'string'), col('tenure_days', 'number'),
      col('plan_tier', 'string'), col('txn_amount_avg_30d', 'number'), col('txn_count_7d', 'number'),
      col('churned_30d', 'boolean', 'Label of churn_predictor.'), col('ltv_365d', 'number', 'Label of customer_ltv.')],
    keys: ['customer_id'], owners: ML_PLATFORM, sla: 'PT168H', tags: [TAGS.trainingData, TAGS.pii],
    lineage: [...same(D.customerProfile, 'customer_id', 'account_id', 'churned_30d'),
      ...same(D.customerFeatures, 'tenure_days', 'plan_tier'), ...same(D.txnFeatures, 'txn_amount_avg_30d', 'txn_count_7d'),
      derived('ltv_365d', [[D.customerProfile, 'lifetime_value']])] },
  { urn: D.sessionTrainingSet, layer: 'training', description: 'Training set for session_intent.',
    columns: [col('customer_id', 'string'), col('sessions_7d', 'number'), col('avg_page_views_7d', 'number'),
      col('converted_7d', 'boolean', 'Label.')],
    keys: ['customer_id'], owners: GROWTH, sla: 'PT168H', tags: [TAGS.trainingData],
    lineage: [...same(D.engagementFeatures, 'customer_id', 'sessions_7d', 'avg_page_views_7d'),
      derived('converted_7d', [[D.stgSessions, 'converted']])] },
  // no owner at all: a first-hop input of campaign_uplift_v1
  { urn: D.upliftTrainingSet, layer: 'training', description: 'Training set for campaign_uplift.',
    columns: [col('customer_id', 'string'), col('touches_30d', 'number'), col('email_touch_share', 'number'),
      col('responded', 'boolean', 'Label.')],
    keys: ['customer_id'], owners: [], sla: 'PT168H', tags: [TAGS.trainingData],
    lineage: [...same(D.campaignFeatures, 'customer_id', 'touches_30d', 'email_touch_share'),
      ...same(D.campaignAttribution, 'responded')] },
];

export const TABLES: TableSpec[] = [...RAW, ...CLEANED, ...FEATURE_SOURCES, ...TRAINING_SETS];
