/**
 * Generated datasets, layer by layer: schema, properties (some with a freshness SLA), ownership (some
 * missing), tags, upstream and column lineage to 1–3 parents in the layer below, operations (some past
 * their SLA), and the Airflow jobs that build them with two runs each (some failing). Then training sets.
 */
import {
  dataJobInfo,
  dataJobInputOutput,
  globalTags,
  HOUR_MS,
  operation,
  ownership,
  runRecords,
  schemaMetadata,
  upstreamLineage,
  type ColumnLineageSpec,
  type ColumnSpec,
} from '../demo/aspects.js';
import { mcp, type Json, type MetadataRecord } from '../demo/records.js';
import { nameFromUrn, platformOf } from '../urn.js';
import { GENERATED_TAGS } from './people.js';
import type { Rng } from './prng.js';
import { dbtSiblingRecords } from './siblings.js';
import {
  flowUrn,
  GENERATED_NOW,
  groupUrn,
  jobUrn,
  LABEL_COLUMN,
  LABEL_SOURCE_COLUMN,
  layeredDatasetUrn,
  topLayerDataset,
  trainingSetUrn,
  userUrn,
  type Plan,
} from './plan.js';

const COLUMNS: ColumnSpec[] = [
  { name: 'id', kind: 'string', nativeType: 'VARCHAR' },
  { name: 'amount', kind: 'number', nativeType: 'NUMBER(38,2)' },
  { name: 'count_7d', kind: 'number', nativeType: 'NUMBER(38,0)' },
  { name: 'score', kind: 'number', nativeType: 'FLOAT' },
  { name: 'category', kind: 'string', nativeType: 'VARCHAR' },
  { name: 'event_at', kind: 'time', nativeType: 'TIMESTAMP_NTZ' },
];
const TRAINING_COLUMNS: ColumnSpec[] = [
  { name: 'id', kind: 'string', nativeType: 'VARCHAR' },
  { name: LABEL_COLUMN, kind: 'boolean', nativeType: 'BOOLEAN' },
  { name: 'split', kind: 'string', nativeType: 'VARCHAR' },
  { name: 'weight', kind: 'number', nativeType: 'FLOAT' },
];
const SLAS: Array<[iso: string, ms: number]> = [
  ['PT6H', 6 * HOUR_MS],
  ['PT24H', 24 * HOUR_MS],
  ['PT72H', 72 * HOUR_MS],
];
const SHARE = { withSla: 0.7, stale: 0.1, unowned: 0.15, tagged: 0.2, oldFailure: 0.1, latestFailure: 0.08 };
/** Datasets one job builds. */
const JOB_OUTPUTS = 4;
const CREATED = GENERATED_NOW - 300 * 24 * HOUR_MS;

/** One `fields` list for every dataset with the same columns: the generator emits many thousands. */
const fieldsCache = new Map<ColumnSpec[], unknown>();
function schemaFor(urn: string, columns: ColumnSpec[]): Json {
  const platform = (platformOf(urn) ?? '').slice('urn:li:dataPlatform:'.length);
  const base = schemaMetadata({ schemaName: nameFromUrn(urn), platform, columns, keys: ['id'], time: CREATED });
  if (!fieldsCache.has(columns)) fieldsCache.set(columns, base.fields);
  return { ...base, fields: fieldsCache.get(columns) };
}

function columnLineage(parents: string[]): ColumnLineageSpec[] {
  const [first] = parents as [string];
  return [
    { column: 'id', from: [[first, 'id']], transform: 'IDENTITY' },
    { column: 'amount', from: [[first, 'amount']] },
    { column: 'count_7d', from: parents.map((p): [string, string] => [p, 'count_7d']) },
    { column: LABEL_SOURCE_COLUMN, from: [[first, LABEL_SOURCE_COLUMN]] },
  ];
}

function* operations(urn: string, slaMs: number | undefined, rng: Rng): Generator<MetadataRecord> {
  // at least ten minutes old, so the operation is reported before GENERATED_NOW
  const age =
    10 * 60_000 +
    (slaMs === undefined
      ? rng.next() * 240 * HOUR_MS
      : rng.chance(SHARE.stale)
        ? slaMs * (1.5 + rng.next())
        : slaMs * 0.5 * rng.next());
  const at = Math.round(GENERATED_NOW - age);
  if (rng.chance(0.5)) yield mcp(urn, 'operation', operation({ at: at - 24 * HOUR_MS, rows: rng.int(1, 100_000) }));
  yield mcp(urn, 'operation', operation({ at, rows: rng.int(1, 100_000) }));
}

function* datasetRecords(
  plan: Plan,
  urn: string,
  layer: string,
  parents: string[],
  rng: Rng,
): Generator<MetadataRecord> {
  const sla = rng.chance(SHARE.withSla) ? rng.pick(SLAS) : undefined;
  yield mcp(urn, 'schemaMetadata', schemaFor(urn, COLUMNS));
  yield mcp(urn, 'datasetProperties', {
    customProperties: sla ? { layer, freshness_sla: sla[0] } : { layer },
    name: nameFromUrn(urn),
    description: `Generated ${layer} table.`,
    tags: [],
  });
  if (!rng.chance(SHARE.unowned)) {
    yield mcp(
      urn,
      'ownership',
      ownership(
        [
          [groupUrn(rng.int(0, plan.groups - 1)), 'TECHNICAL_OWNER'],
          [userUrn(rng.int(0, plan.users - 1)), 'TECHNICAL_OWNER'],
        ],
        CREATED,
      ),
    );
  }
  if (rng.chance(SHARE.tagged)) yield mcp(urn, 'globalTags', globalTags([rng.pick(GENERATED_TAGS)]));
  if (parents.length) {
    yield mcp(
      urn,
      'upstreamLineage',
      upstreamLineage(
        urn,
        parents.map((dataset) => ({ dataset })),
        columnLineage(parents),
        CREATED,
      ),
    );
  }
  yield* operations(urn, sla?.[1], rng);
}

function* jobRecords(
  layer: number,
  j: number,
  inputs: string[],
  outputs: string[],
  rng: Rng,
): Generator<MetadataRecord> {
  const job = jobUrn(layer, j);
  const jobId = `job_${String(j).padStart(5, '0')}`;
  yield mcp(job, 'dataJobInfo', dataJobInfo(jobId, flowUrn(layer), `Builds ${outputs.length} layer-${layer} tables.`));
  yield mcp(job, 'dataJobInputOutput', dataJobInputOutput(inputs, outputs));
  const results = [rng.chance(SHARE.oldFailure), rng.chance(SHARE.latestFailure)];
  for (const [n, failed] of results.entries()) {
    const start = GENERATED_NOW - (n === 0 ? 26 : 2) * HOUR_MS - rng.int(0, 30) * 60_000;
    yield* runRecords({
      id: `gen.build_layer_${layer}.${jobId}.run_${n}`,
      job,
      name: `scheduled__${new Date(start).toISOString()}`,
      start,
      durationMs: rng.int(1, 30) * 60_000,
      result: failed ? 'FAILURE' : 'SUCCESS',
      inputs,
      outputs,
    });
  }
}

export function* warehouseRecords(plan: Plan, rng: Rng, siblings = false): Generator<MetadataRecord> {
  let job = 0;
  for (const [layer, size] of plan.layerSizes.entries()) {
    const start = plan.layerStarts[layer]!;
    const below = layer > 0 ? range(plan.layerStarts[layer - 1]!, plan.layerSizes[layer - 1]!) : [];
    if (layer > 0)
      yield mcp(flowUrn(layer), 'dataFlowInfo', { customProperties: {}, name: `build_layer_${layer}`, env: 'PROD' });
    for (let chunk = 0; chunk < size; chunk += JOB_OUTPUTS) {
      const outputs: string[] = [];
      const inputs = new Set<string>();
      for (let g = start + chunk; g < start + Math.min(size, chunk + JOB_OUTPUTS); g++) {
        const urn = layeredDatasetUrn(plan, g);
        const parents = rng.sample(below, rng.int(1, 3)).map((p) => layeredDatasetUrn(plan, p));
        yield* datasetRecords(plan, urn, layer === 0 ? 'raw' : `layer_${layer}`, parents, rng);
        // no draw from rng: the catalog around the siblings is the one generated without them
        if (siblings && layer > 0) yield* dbtSiblingRecords(plan, urn, parents);
        outputs.push(urn);
        for (const p of parents) inputs.add(p);
      }
      if (layer > 0) yield* jobRecords(layer, job++, [...inputs], outputs, rng);
    }
  }
  for (let t = 0; t < plan.trainingSets; t++) yield* trainingSetRecords(plan, t, rng);
}

const range = (from: number, n: number): number[] => Array.from({ length: n }, (_, i) => from + i);

function* trainingSetRecords(plan: Plan, t: number, rng: Rng): Generator<MetadataRecord> {
  const urn = trainingSetUrn(t);
  const source = topLayerDataset(plan, t);
  yield mcp(urn, 'schemaMetadata', schemaFor(urn, TRAINING_COLUMNS));
  yield mcp(urn, 'datasetProperties', {
    customProperties: { layer: 'training', freshness_sla: 'PT168H' },
    name: nameFromUrn(urn),
    description: `Generated training set ${t}.`,
    tags: [],
  });
  yield mcp(urn, 'ownership', ownership([[groupUrn(t % plan.groups), 'TECHNICAL_OWNER']], CREATED));
  yield mcp(
    urn,
    'upstreamLineage',
    upstreamLineage(
      urn,
      [{ dataset: source }],
      [
        { column: 'id', from: [[source, 'id']], transform: 'IDENTITY' },
        { column: LABEL_COLUMN, from: [[source, LABEL_SOURCE_COLUMN]] },
      ],
      CREATED,
    ),
  );
  yield mcp(urn, 'operation', operation({ at: GENERATED_NOW - rng.int(1, 72) * HOUR_MS }));
}
