/**
 * Feast feature tables, features and primary keys. Each feature's `sources` is the offline-store table
 * that holds a column of the same name (Janus's feature → column convention).
 */
import { nameFromUrn } from '../urn.js';
import { HOUR_MS, ownership, type OwnerKind } from './aspects.js';
import { mcp, type MetadataRecord } from './records.js';
import { DATASETS as D, FEATURE_TABLES as FT, FEATURES as F, GROUPS, PRIMARY_KEYS as PK, USERS } from './urns.js';

type MLFeatureDataType = 'CONTINUOUS' | 'COUNT' | 'NOMINAL' | 'ORDINAL' | 'BINARY';

interface FeatureTableSpec {
  urn: string;
  source: string;
  description: string;
  owners: Array<[string, OwnerKind]>;
  primaryKey: string;
  features: Array<[urn: string, dataType: MLFeatureDataType, description: string]>;
}

const FEATURE_TABLE_SPECS: FeatureTableSpec[] = [
  { urn: FT.txn, source: D.txnFeatures, description: 'Transaction aggregates per account.',
    owners: [[GROUPS.riskMl, 'TECHNICAL_OWNER']], primaryKey: PK.accountId,
    features: [
      [F.txnAmountAvg30d, 'CONTINUOUS', 'Mean transaction amount over 30 days (USD).'],
      [F.txnCount7d, 'COUNT', 'Transactions in the last 7 days.'],
      [F.daysToChargeback, 'CONTINUOUS', 'Days from transaction to chargeback (null when none).'],
    ] },
  { urn: FT.customer, source: D.customerFeatures, description: 'Customer profile features.',
    owners: [[GROUPS.mlPlatform, 'TECHNICAL_OWNER'], [USERS.alice, 'TECHNICAL_OWNER']], primaryKey: PK.customerIdCustomer,
    features: [
      [F.tenureDays, 'COUNT', 'Days since signup.'],
      [F.planTier, 'NOMINAL', 'Current plan tier.'],
    ] },
  { urn: FT.engagement, source: D.engagementFeatures, description: 'Web engagement features.',
    owners: [[GROUPS.growthMl, 'TECHNICAL_OWNER']], primaryKey: PK.customerIdEngagement,
    features: [
      [F.sessions7d, 'COUNT', 'Sessions in the last 7 days.'],
      [F.avgPageViews7d, 'CONTINUOUS', 'Mean page views per session over 7 days.'],
    ] },
  { urn: FT.campaign, source: D.campaignFeatures, description: 'Marketing exposure features.',
    owners: [[GROUPS.growthMl, 'TECHNICAL_OWNER']], primaryKey: PK.customerIdCampaign,
    features: [
      [F.touches30d, 'COUNT', 'Campaign touches in the last 30 days.'],
      [F.emailTouchShare, 'CONTINUOUS', 'Share of touches sent by email.'],
    ] },
];

function featureTableRecords(t: FeatureTableSpec, now: number): MetadataRecord[] {
  const created = now - 200 * 24 * HOUR_MS;
  return [
    ...t.features.flatMap(([urn, dataType, description]) => [
      mcp(urn, 'mlFeatureProperties', { customProperties: {}, description, dataType, sources: [t.source] }),
      // features are owned by their feature table's team
      mcp(urn, 'ownership', ownership(t.owners, created)),
    ]),
    mcp(t.primaryKey, 'mlPrimaryKeyProperties', {
      customProperties: {}, description: `Entity key of ${nameFromUrn(t.urn)}.`, dataType: 'NOMINAL', sources: [t.source],
    }),
    mcp(t.urn, 'mlFeatureTableProperties', {
      customProperties: { offline_store: 'snowflake', online_store: 'redis', batch_source: nameFromUrn(t.source) },
      description: t.description,
      mlFeatures: t.features.map(([urn]) => urn),
      mlPrimaryKeys: [t.primaryKey],
    }),
    mcp(t.urn, 'ownership', ownership(t.owners, created)),
  ];
}

export function featureRecords(now: number): MetadataRecord[] {
  return FEATURE_TABLE_SPECS.flatMap((t) => featureTableRecords(t, now));
}
