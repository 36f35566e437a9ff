/**
 * A structural check of metadata-file records against DataHub's format (DATAHUB-FILE-FORMAT.md): record
 * shape, urn shapes, union-key namespaces and the required fields of the aspects Janus's catalogs emit.
 */
import { TIMESERIES_ASPECTS } from '../store/store.js';
import { entityTypeOf, parseUrn } from '../urn.js';
import { aspectWrites } from './inspect.js';
import type { Json } from './records.js';

/** Required fields (PDL fields without a default) of the aspects the demo and the generator write. */
const REQUIRED: Record<string, string[]> = {
  schemaMetadata: ['schemaName', 'platform', 'version', 'hash', 'platformSchema', 'fields'],
  upstreamLineage: ['upstreams'],
  ownership: ['owners'],
  corpUserInfo: ['active'],
  corpUserStatus: ['status', 'lastModified'],
  groupMembership: ['groups'],
  corpGroupInfo: ['admins', 'members', 'groups'],
  tagProperties: ['name'],
  globalTags: ['tags'],
  dataFlowInfo: ['name'],
  dataJobInfo: ['name', 'type'],
  dataJobInputOutput: ['inputDatasets', 'outputDatasets'],
  dataProcessInstanceProperties: ['name', 'created'],
  dataProcessInstanceRelationships: ['upstreamInstances'],
  dataProcessInstanceInput: ['inputs'],
  dataProcessInstanceOutput: ['outputs'],
  dataProcessInstanceRunEvent: ['timestampMillis', 'status'],
  operation: ['timestampMillis', 'operationType', 'lastUpdatedTimestamp'],
  mlPrimaryKeyProperties: ['sources'],
  mlModelTrainingData: ['trainingData'],
  assertionInfo: ['type'],
  propertyDefinition: ['qualifiedName', 'valueType', 'entityTypes'],
  structuredProperties: ['properties'],
  assertionRunEvent: ['timestampMillis', 'runId', 'asserteeUrn', 'assertionUrn', 'status'],
};

const FABRIC = new Set(['PROD', 'DEV', 'TEST', 'QA', 'UAT', 'EI', 'PRE', 'STG', 'NON_PROD', 'CORP', 'RVW', 'PRD',
  'TST', 'SIT', 'SBX', 'SANDBOX', 'CERT']);

/** Why `urn` is not a well-formed DataHub urn, or undefined. */
export function urnProblem(urn: string): string | undefined {
  const p = parseUrn(urn);
  if (!p) return `not a urn: ${urn}`;
  const tuple = (n: number) => (p.parts.length === n ? undefined : `${p.entityType} urn needs ${n} parts: ${urn}`);
  switch (p.entityType) {
    case 'dataset':
    case 'mlModel':
    case 'mlModelGroup':
      if (!p.parts[0]?.startsWith('urn:li:dataPlatform:')) return `no platform urn in ${urn}`;
      return tuple(3) ?? (FABRIC.has(p.parts[2] ?? '') ? undefined : `bad env in ${urn}`);
    case 'mlFeatureTable':
      return p.parts[0]?.startsWith('urn:li:dataPlatform:') ? tuple(2) : `no platform urn in ${urn}`;
    case 'mlFeature':
    case 'mlPrimaryKey':
    case 'dataFlow':
      return tuple(p.entityType === 'dataFlow' ? 3 : 2);
    case 'dataJob':
      return tuple(2) ?? (entityTypeOf(p.parts[0] ?? '') === 'dataFlow' ? urnProblem(p.parts[0]!) : `bad flow in ${urn}`);
    case 'schemaField':
      return tuple(2) ?? urnProblem(p.parts[0] ?? '');
    default:
      return /[(),]/.test(p.key) ? `reserved character in ${urn}` : undefined;
  }
}

/** Every string value that looks like a urn, anywhere in `value`. */
function* urnsIn(value: unknown): Iterable<string> {
  if (typeof value === 'string') {
    if (value.startsWith('urn:li:')) yield value;
  } else if (Array.isArray(value)) {
    for (const v of value) yield* urnsIn(v);
  } else if (value && typeof value === 'object') {
    for (const v of Object.values(value)) yield* urnsIn(v);
  }
}

function aspectProblems(aspectName: string, value: Json, form: 'MCE' | 'MCP'): string[] {
  const problems = (REQUIRED[aspectName] ?? []).filter((f) => value[f] === undefined || value[f] === null)
    .map((f) => `${aspectName} lacks required ${f}`);
  const text = JSON.stringify(value);
  if (form === 'MCP' && text.includes('pegasus2avro')) problems.push(`${aspectName}: pegasus2avro key in an MCP`);
  if (form === 'MCE' && /"com\.linkedin\.(?!pegasus2avro\.)/.test(text)) {
    problems.push(`${aspectName}: union key without pegasus2avro in an MCE`);
  }
  if (TIMESERIES_ASPECTS.has(aspectName) && typeof value.timestampMillis !== 'number') {
    problems.push(`${aspectName} without timestampMillis`);
  }
  for (const urn of urnsIn(value)) {
    const p = urnProblem(urn);
    if (p) problems.push(`${aspectName}: ${p}`);
  }
  return problems;
}

/** Problems with one record; empty when it is a well-formed MCE or `{"json": ...}` MCP. */
export function recordProblems(record: unknown): string[] {
  if (typeof record !== 'object' || record === null) return ['not an object'];
  const r = record as Json;
  if ('proposedSnapshot' in r) {
    const keys = Object.keys((r.proposedSnapshot ?? {}) as Json);
    const m = keys.length === 1 ? /^com\.linkedin\.pegasus2avro\.metadata\.snapshot\.(\w+)Snapshot$/.exec(keys[0]!) : null;
    if (!m) return [`bad snapshot key ${keys.join()}`];
    const writes = aspectWrites(r);
    if (!writes.length) return ['snapshot without aspects'];
    const urn = writes[0]!.urn;
    const problems = [urnProblem(urn)].filter((p): p is string => !!p);
    if (m[1]!.toLowerCase() !== entityTypeOf(urn)?.toLowerCase()) problems.push(`${m[1]}Snapshot for ${urn}`);
    for (const w of writes) {
      if (TIMESERIES_ASPECTS.has(w.aspectName)) problems.push(`timeseries ${w.aspectName} in an MCE`);
      problems.push(...aspectProblems(w.aspectName, w.value, 'MCE'));
    }
    return problems;
  }
  if (r.changeType !== 'UPSERT') return [`changeType ${String(r.changeType)}`];
  const [w] = aspectWrites(r);
  if (!w) return ['not an MCP with {"json": ...}'];
  const problems = [urnProblem(w.urn)].filter((p): p is string => !!p);
  if (r.entityType !== entityTypeOf(w.urn)) problems.push(`entityType ${String(r.entityType)} for ${w.urn}`);
  return [...problems, ...aspectProblems(w.aspectName, w.value, 'MCP')];
}
