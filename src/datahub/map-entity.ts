import type {
  AssertionFact,
  AssertionResult,
  Column,
  EntityKind,
  EntityNode,
  Owner,
  RunFact,
  RunResult,
} from '../core/graph.js';
import type { EntityParts, FeatureTableRef } from '../core/build-graph.js';
import { shortName } from '../core/names.js';
import { isJanusAssertion } from '../core/writeback/conventions.js';
import { schemaFieldUrn } from '@janus/datahub-sim/urn';
import { columnUrn, labelNames, toRecord } from './queries/response-pieces.js';
import type { RawAssertion, RawEntity } from './queries/entities.js';
import { unpooled, type UrnPool } from './urn-pool.js';

const KINDS: Record<string, EntityKind> = {
  MLMODEL: 'mlModel',
  MLFEATURE: 'mlFeature',
  MLFEATURE_TABLE: 'mlFeatureTable',
  MLPRIMARY_KEY: 'mlPrimaryKey',
  DATASET: 'dataset',
  DATA_JOB: 'dataJob',
};

/**
 * One empty list and one empty record for every node that has none: a catalog's 65,000 nodes and 234,000 columns
 * would otherwise hold about 600,000 empty arrays of their own (19 MB). Frozen: nodes are read-only.
 */
export const NONE: never[] = Object.freeze([]) as unknown as never[];
const NO_RECORD: Record<string, never> = Object.freeze({});
const orNone = <T>(list: T[]): T[] => (list.length ? list : NONE);
const orNoRecord = <T>(record: Record<string, T>): Record<string, T> =>
  Object.keys(record).length ? record : NO_RECORD;

/** DataHub's answer about one entity → what it gives any graph it is in (core/build-graph.ts builds them). */
export function toParts(raw: RawEntity, pool: UrnPool = unpooled): EntityParts {
  const columns = new Map<string, string[]>();
  for (const fg of [...(raw.fineGrainedLineages ?? []), ...(raw.inputOutput?.fineGrainedLineages ?? [])]) {
    for (const ref of fg.downstreams ?? []) {
      const down = pool(columnUrn(ref));
      const list = columns.get(down) ?? [];
      for (const up of fg.upstreams ?? []) {
        const urn = pool(columnUrn(up));
        if (!list.includes(urn)) list.push(urn);
      }
      columns.set(down, list);
    }
  }
  const upstreams = [
    ...new Set((raw.upstream?.relationships ?? []).map((r) => r.entity?.urn).filter((u): u is string => !!u)),
  ].map(pool);
  return {
    node: toNode(raw, pool),
    exists: raw.exists !== false,
    upstreams: upstreams.length ? upstreams : NONE,
    columnDowns: columns.size ? [...columns.keys()] : NONE,
    columnUps: columns.size ? [...columns.values()] : NONE,
    trainingData: orNone((raw.trainingData ?? []).map((t) => t.dataset)),
    features: orNone(raw.properties?.mlFeatures ?? []),
    featureSources: orNone((raw.properties?.sources ?? []).map((s) => s?.urn).filter((u): u is string => !!u)),
    featureTables: orNone(
      (raw.featureTables?.relationships ?? []).flatMap((rel) => (rel.entity ? [toTableRef(rel.entity)] : [])),
    ),
    siblings: orNone((raw.siblings?.siblings ?? []).flatMap((s) => (s && s.urn !== raw.urn ? [pool(s.urn)] : []))),
    primarySibling: raw.siblings?.isPrimary === true,
  };
}

type RawFeatureTable = NonNullable<NonNullable<RawEntity['featureTables']>['relationships'][number]['entity']>;

const toTableRef = (table: RawFeatureTable): FeatureTableRef => ({
  urn: table.urn,
  name: table.name,
  owners: toOwners(table.ownership),
  primaryKeys: (table.properties?.mlPrimaryKeys ?? []).filter((pk): pk is { urn: string; name: string } => !!pk),
});

/** DataHub's answer about one entity → the plain node the detectors read. */
export function toNode(raw: RawEntity, pool: UrnPool = unpooled): EntityNode {
  const kind = KINDS[raw.type] ?? 'other';
  return {
    urn: pool(raw.urn),
    kind,
    name:
      raw.datasetProperties?.name ??
      raw.jobProperties?.name ??
      raw.properties?.name ??
      raw.name ??
      raw.jobId ??
      shortName(raw.urn),
    ...(raw.platform ? { platform: pool(raw.platform.urn) } : {}),
    owners: orNone(toOwners(raw.ownership, pool)),
    ...(raw.deprecation?.deprecated
      ? { deprecated: { ...(raw.deprecation.note ? { note: raw.deprecation.note } : {}) } }
      : {}),
    removed: raw.status?.removed ?? false,
    customProperties: orNoRecord(
      toRecord(
        raw.datasetProperties?.customProperties ??
          raw.jobProperties?.customProperties ??
          raw.properties?.customProperties,
      ),
    ),
    columns: orNone(toColumns(raw, pool)),
    ...lastUpdated(raw),
    // Janus's own guarding assertions report Janus's findings: judging them would feed Janus its own output
    assertions: orNone((raw.assertions?.assertions ?? []).filter((a) => !isJanusAssertion(a.urn)).map(toAssertion)),
    ...latestRun(raw),
    producers: orNone(
      (raw.upstream?.relationships ?? []).filter((r) => r.entity?.type === 'DATA_JOB').map((r) => pool(r.entity!.urn)),
    ),
    structuredProperties: orNoRecord(
      Object.fromEntries(
        (raw.structuredProperties?.properties ?? []).map((p) => [
          p.structuredProperty.definition?.qualifiedName ??
            p.structuredProperty.urn.replace('urn:li:structuredProperty:', ''),
          p.values.map((v) => String(v?.stringValue ?? v?.numberValue ?? '')),
        ]),
      ),
    ),
  };
}

export function toOwners(ownership: RawEntity['ownership'], pool: UrnPool = unpooled): Owner[] {
  return (ownership?.owners ?? []).map(({ owner }) => {
    const group = owner.urn.startsWith('urn:li:corpGroup:');
    return {
      urn: pool(owner.urn),
      kind: group ? 'group' : 'user',
      // a name is pooled like an urn: a catalog's tables are owned by a few teams
      name: pool(owner.properties?.displayName ?? owner.username ?? owner.name ?? shortName(owner.urn)),
      departed: !group && (owner.status === 'SUSPENDED' || owner.properties?.active === false),
    };
  });
}

function toColumns(raw: RawEntity, pool: UrnPool): Column[] {
  const schema = raw.schemaMetadata;
  if (!schema) return [];
  const keys = new Set(schema.primaryKeys ?? []);
  const editable = new Map(
    (raw.editableSchemaMetadata?.editableSchemaFieldInfo ?? []).map((f) => [f.fieldPath, labelNames(f)]),
  );
  return schema.fields.map((f) => ({
    urn: pool(schemaFieldUrn(raw.urn, f.fieldPath)),
    path: f.fieldPath,
    isKey: !!f.isPartOfKey || keys.has(f.fieldPath),
    labels: orNone([...labelNames(f), ...(editable.get(f.fieldPath) ?? [])]),
  }));
}

function lastUpdated(raw: RawEntity): { lastUpdated?: number } {
  const op = raw.operations?.[0]?.lastUpdatedTimestamp;
  if (op) return { lastUpdated: op };
  const modified = raw.datasetProperties?.lastModified?.time;
  return modified ? { lastUpdated: modified } : {};
}

/**
 * Results that say how a run or a check went: SKIPPED and UP_FOR_RETRY (a try Airflow will retry) say nothing of the
 * job, ERROR and INIT (a check that could not be evaluated) nothing of the data; the latest that does counts
 * (docs/conventions.md).
 */
const DECIDED = new Set(['SUCCESS', 'FAILURE']);

function latestRun(raw: RawEntity): { latestRun?: RunFact } {
  for (const run of raw.runs?.runs ?? []) {
    const event = run?.state?.[0];
    const result = event?.result?.resultType;
    if (run && event?.status === 'COMPLETE' && result && DECIDED.has(result)) {
      return { latestRun: { urn: run.urn, at: event.timestampMillis, result: result as RunResult } };
    }
  }
  return {};
}

const INTERVAL_MS: Record<string, number> = {
  MILLISECOND: 1,
  SECOND: 1e3,
  MINUTE: 6e4,
  HOUR: 36e5,
  DAY: 864e5,
  WEEK: 6048e5,
  MONTH: 2_592e6,
  QUARTER: 7_776e6,
  YEAR: 31_536e6,
};

function toAssertion(a: RawAssertion): AssertionFact {
  const event = a.runEvents?.runEvents.find((e) => DECIDED.has(e.result?.type ?? ''));
  const latest = event?.result
    ? { latest: { at: event.timestampMillis, result: event.result.type as AssertionResult } }
    : {};
  const base = { urn: a.urn, ...(a.info?.description ? { description: a.info.description } : {}), ...latest };
  if (a.info?.type === 'FRESHNESS') {
    const interval = a.info.freshnessAssertion?.schedule?.fixedInterval;
    const slaMs = interval ? (INTERVAL_MS[interval.unit] ?? 0) * interval.multiple : undefined;
    return { ...base, kind: 'freshness', ...(slaMs ? { slaMs } : {}) };
  }
  if (a.info?.type === 'CUSTOM' && /^dbt freshness$/i.test(a.info.customAssertion?.type ?? '')) {
    const slaMs = dbtErrorThreshold(a);
    return { ...base, kind: 'dbt_freshness', ...(slaMs ? { slaMs } : {}) };
  }
  return { ...base, kind: 'other' };
}

/** dbt source freshness keeps its threshold in the assertion's customProperties (error_after_count/period). */
function dbtErrorThreshold(a: RawAssertion): number | undefined {
  const payload = a.aspects?.find((x) => x.aspectName === 'assertionInfo')?.payload;
  if (!payload) return undefined;
  try {
    const props = (JSON.parse(payload) as { customProperties?: Record<string, string> }).customProperties ?? {};
    const count = Number(props.error_after_count);
    const unit = INTERVAL_MS[(props.error_after_period ?? '').toUpperCase()];
    return count > 0 && unit ? count * unit : undefined;
  } catch {
    return undefined;
  }
}
