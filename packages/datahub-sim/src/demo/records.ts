/**
 * Small builders for records in DataHub's metadata file format (the `file` source / sink): MCPs in the
 * simplified `{"json": ...}` form, MCE snapshots keyed by `com.linkedin.pegasus2avro.*` classes, and urns.
 * Shared by the demo catalog and the synthetic generator; aspect builders are in aspects.ts.
 */
import { entityTypeOf, schemaFieldUrn } from '../urn.js';

export type Json = Record<string, unknown>;

export interface SystemMetadata {
  lastObserved: number;
  runId: string;
  lastRunId?: string;
}

export interface McpRecord {
  entityType: string;
  entityUrn: string;
  changeType: 'UPSERT';
  aspectName: string;
  aspect: { json: Json };
  systemMetadata?: SystemMetadata;
}

export interface MceRecord {
  proposedSnapshot: Record<string, { urn: string; aspects: Json[] }>;
  systemMetadata?: SystemMetadata;
}

export type MetadataRecord = McpRecord | MceRecord;

/** A whole-aspect UPSERT, as the file sink writes it. */
export function mcp(urn: string, aspectName: string, json: Json): McpRecord {
  const entityType = entityTypeOf(urn);
  if (!entityType) throw new Error(`not a urn: ${urn}`);
  return { entityType, entityUrn: urn, changeType: 'UPSERT', aspectName, aspect: { json } };
}

const SNAPSHOT_CLASS: Record<string, string> = {
  corpuser: 'CorpUserSnapshot',
  corpGroup: 'CorpGroupSnapshot',
  tag: 'TagSnapshot',
  dataset: 'DatasetSnapshot',
  dataFlow: 'DataFlowSnapshot',
  dataJob: 'DataJobSnapshot',
  mlModel: 'MLModelSnapshot',
  mlModelGroup: 'MLModelGroupSnapshot',
  mlFeature: 'MLFeatureSnapshot',
  mlFeatureTable: 'MLFeatureTableSnapshot',
  mlPrimaryKey: 'MLPrimaryKeySnapshot',
};

/**
 * An MCE snapshot. `aspects` are keyed by record class below `com.linkedin.pegasus2avro.`, e.g.
 * `identity.CorpUserInfo`; the order is kept (DataHub applies them in order).
 */
export function snapshot(urn: string, aspects: Array<[recordClass: string, json: Json]>): MceRecord {
  const entityType = entityTypeOf(urn) ?? '';
  const cls = SNAPSHOT_CLASS[entityType];
  if (!cls) throw new Error(`no snapshot type for ${urn}`);
  return {
    proposedSnapshot: {
      [`com.linkedin.pegasus2avro.metadata.snapshot.${cls}`]: {
        urn,
        aspects: aspects.map(([recordClass, json]) => ({ [`com.linkedin.pegasus2avro.${recordClass}`]: json })),
      },
    },
  };
}

// ---- urns (formats from mce_builder.py) ----

export const platformUrn = (platform: string): string => `urn:li:dataPlatform:${platform}`;
export const datasetUrn = (platform: string, name: string, env = 'PROD'): string =>
  `urn:li:dataset:(${platformUrn(platform)},${name},${env})`;
export const mlModelUrn = (platform: string, name: string, env = 'PROD'): string =>
  `urn:li:mlModel:(${platformUrn(platform)},${name},${env})`;
export const mlModelGroupUrn = (platform: string, name: string, env = 'PROD'): string =>
  `urn:li:mlModelGroup:(${platformUrn(platform)},${name},${env})`;
export const mlFeatureTableUrn = (platform: string, name: string): string =>
  `urn:li:mlFeatureTable:(${platformUrn(platform)},${name})`;
export const mlFeatureUrn = (namespace: string, name: string): string => `urn:li:mlFeature:(${namespace},${name})`;
export const mlPrimaryKeyUrn = (namespace: string, name: string): string =>
  `urn:li:mlPrimaryKey:(${namespace},${name})`;
export const corpUserUrn = (username: string): string => `urn:li:corpuser:${username}`;
const percentEncode = (c: string): string =>
  [...new TextEncoder().encode(c)].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
/** Group names percent-encode the urn's reserved characters and spaces, as the Okta source writes them. */
export const corpGroupUrn = (name: string): string => `urn:li:corpGroup:${name.replace(/[(),\u241f ]/g, percentEncode)}`;
export const tagUrn = (name: string): string => `urn:li:tag:${name}`;
export const dataFlowUrn = (orchestrator: string, flowId: string, cluster = 'PROD'): string =>
  `urn:li:dataFlow:(${orchestrator},${flowId},${cluster})`;
export const dataJobUrn = (flowUrn: string, jobId: string): string => `urn:li:dataJob:(${flowUrn},${jobId})`;
export const dataProcessInstanceUrn = (id: string): string => `urn:li:dataProcessInstance:${id}`;
export const assertionUrn = (id: string): string => `urn:li:assertion:${id}`;
export { schemaFieldUrn };
