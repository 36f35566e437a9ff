/**
 * Builders for the aspects the demo catalog and the generator write, in the shapes of DataHub's PDL
 * (DATAHUB-FILE-FORMAT.md section 5): ownership, schemas, lineage, operations, jobs and their runs.
 */
import { dataProcessInstanceUrn, mcp, schemaFieldUrn, platformUrn, type Json, type McpRecord } from './records.js';

// ---- common sub-records ----

export const auditStamp = (time: number, actor = 'urn:li:corpuser:datahub'): Json => ({ time, actor });

export const HOUR_MS = 3_600_000;

export type OwnerKind = 'TECHNICAL_OWNER' | 'BUSINESS_OWNER' | 'DATA_STEWARD';

const OWNERSHIP_TYPE_URN: Record<OwnerKind, string> = {
  TECHNICAL_OWNER: 'urn:li:ownershipType:__system__technical_owner',
  BUSINESS_OWNER: 'urn:li:ownershipType:__system__business_owner',
  DATA_STEWARD: 'urn:li:ownershipType:__system__data_steward',
};

export function ownership(owners: Array<[owner: string, kind: OwnerKind]>, time: number): Json {
  return {
    owners: owners.map(([owner, kind]) => ({ owner, type: kind, typeUrn: OWNERSHIP_TYPE_URN[kind] })),
    ownerTypes: {},
    lastModified: auditStamp(time),
  };
}

export const globalTags = (tags: string[]): Json => ({ tags: tags.map((tag) => ({ tag })) });

// ---- schemas ----

/** Column kinds and the `SchemaFieldDataType` record each maps to. */
const FIELD_TYPE = {
  string: 'StringType',
  number: 'NumberType',
  boolean: 'BooleanType',
  time: 'TimeType',
  date: 'DateType',
} as const;

export type ColumnKind = keyof typeof FIELD_TYPE;

export interface ColumnSpec {
  name: string;
  kind: ColumnKind;
  nativeType: string;
  description?: string;
}

const fieldTypeCache = new Map<ColumnKind, Json>();
/** The `type` of a schema field. Shared instances: the generator emits millions of fields. */
function fieldType(kind: ColumnKind): Json {
  let t = fieldTypeCache.get(kind);
  if (!t) {
    t = { type: { [`com.linkedin.schema.${FIELD_TYPE[kind]}`]: {} } };
    fieldTypeCache.set(kind, t);
  }
  return t;
}

export interface SchemaOptions {
  schemaName: string;
  platform: string;
  columns: ColumnSpec[];
  keys: string[];
  time?: number;
  /** `platformSchema` union member; OtherSchema by default. */
  platformSchema?: Json;
}

export function schemaMetadata(o: SchemaOptions): Json {
  const stamp = auditStamp(o.time ?? 0, 'urn:li:corpuser:unknown');
  return {
    schemaName: o.schemaName,
    platform: platformUrn(o.platform),
    version: 0,
    created: stamp,
    lastModified: stamp,
    hash: '',
    platformSchema: o.platformSchema ?? { 'com.linkedin.schema.OtherSchema': { rawSchema: '' } },
    fields: o.columns.map((c) => ({
      fieldPath: c.name,
      nullable: !o.keys.includes(c.name),
      ...(c.description ? { description: c.description } : {}),
      type: fieldType(c.kind),
      nativeDataType: c.nativeType,
      recursive: false,
      isPartOfKey: o.keys.includes(c.name),
    })),
    primaryKeys: o.keys,
  };
}

// ---- lineage ----

export interface UpstreamSpec {
  dataset: string;
  type?: 'TRANSFORMED' | 'COPY' | 'VIEW';
}

/** One column derived from columns of upstream datasets: `[[datasetUrn, column], ...]`. */
export interface ColumnLineageSpec {
  column: string;
  from: Array<[dataset: string, column: string]>;
  transform?: string;
}

export function upstreamLineage(
  downstream: string,
  upstreams: UpstreamSpec[],
  columns: ColumnLineageSpec[],
  time: number,
): Json {
  const aspect: Json = {
    upstreams: upstreams.map((u) => ({
      auditStamp: auditStamp(time),
      created: auditStamp(time),
      dataset: u.dataset,
      type: u.type ?? 'TRANSFORMED',
    })),
  };
  if (columns.length) {
    aspect.fineGrainedLineages = columns.map((c) => ({
      upstreamType: 'FIELD_SET',
      upstreams: c.from.map(([ds, col]) => schemaFieldUrn(ds, col)),
      downstreamType: 'FIELD',
      downstreams: [schemaFieldUrn(downstream, c.column)],
      transformOperation: c.transform ?? 'TRANSFORM',
      confidenceScore: 1.0,
    }));
  }
  return aspect;
}

// ---- timeseries ----

const FULL_TABLE = { partition: 'FULL_TABLE_SNAPSHOT', type: 'FULL_TABLE' } as const;

export interface OperationSpec {
  /** When the data changed. */
  at: number;
  operationType?: 'INSERT' | 'UPDATE' | 'CREATE';
  actor?: string;
  rows?: number;
  sourceType?: 'DATA_PROCESS' | 'DATA_PLATFORM';
}

/** An `operation` event, reported a minute after the change (as ingestion reports it). */
export function operation(o: OperationSpec): Json {
  return {
    timestampMillis: o.at + 60_000,
    partitionSpec: FULL_TABLE,
    ...(o.actor ? { actor: o.actor } : {}),
    operationType: o.operationType ?? 'INSERT',
    ...(o.rows !== undefined ? { numAffectedRows: o.rows } : {}),
    sourceType: o.sourceType ?? 'DATA_PROCESS',
    lastUpdatedTimestamp: o.at,
  };
}

export type RunResult = 'SUCCESS' | 'FAILURE' | 'SKIPPED' | 'UP_FOR_RETRY';

export interface RunSpec {
  id: string;
  job: string;
  name: string;
  start: number;
  durationMs: number;
  result: RunResult;
  inputs: string[];
  outputs: string[];
  nativeResultType?: string;
  customProperties?: Record<string, string>;
  externalUrl?: string;
}

/**
 * The records of one job run (a dataProcessInstance), as DataHub's Airflow plugin emits them
 * (`DataProcessInstance` in `datahub/api/entities/dataprocess`): properties, relationships
 * (`parentTemplate` → the job), inputs, outputs, then a STARTED and a COMPLETE run event.
 */
export function runRecords(r: RunSpec): McpRecord[] {
  const urn = dataProcessInstanceUrn(r.id);
  const end = r.start + r.durationMs;
  const nativeResultType = r.nativeResultType ?? 'airflow';
  return [
    mcp(urn, 'dataProcessInstanceProperties', {
      customProperties: r.customProperties ?? {},
      ...(r.externalUrl ? { externalUrl: r.externalUrl } : {}),
      name: r.name,
      type: 'BATCH_SCHEDULED',
      created: auditStamp(r.start),
    }),
    mcp(urn, 'dataProcessInstanceRelationships', { parentTemplate: r.job, upstreamInstances: [] }),
    // Only the plain urn lists, as the Airflow plugin writes them (no inputEdges/outputEdges): runs are
    // then not lineage nodes, and Dataset.runs still finds the run through `outputs`.
    mcp(urn, 'dataProcessInstanceInput', { inputs: r.inputs }),
    mcp(urn, 'dataProcessInstanceOutput', { outputs: r.outputs }),
    mcp(urn, 'dataProcessInstanceRunEvent', {
      timestampMillis: r.start,
      partitionSpec: FULL_TABLE,
      status: 'STARTED',
      attempt: 1,
    }),
    mcp(urn, 'dataProcessInstanceRunEvent', {
      timestampMillis: end,
      partitionSpec: FULL_TABLE,
      status: 'COMPLETE',
      result: { type: r.result, nativeResultType },
      attempt: 1,
      durationMillis: r.durationMs,
    }),
  ];
}

/** `dataJobInfo` with its type written the way DataHub writes a primitive union member. */
export function dataJobInfo(name: string, flow: string, description: string, props: Record<string, string> = {}): Json {
  return { customProperties: props, name, description, type: { string: 'COMMAND' }, flowUrn: flow, env: 'PROD' };
}

export function dataJobInputOutput(inputs: string[], outputs: string[], inputJobs: string[] = []): Json {
  return {
    inputDatasets: inputs,
    outputDatasets: outputs,
    inputDatajobs: inputJobs,
    inputDatasetEdges: inputs.map((destinationUrn) => ({ destinationUrn })),
    outputDatasetEdges: outputs.map((destinationUrn) => ({ destinationUrn })),
  };
}
