/**
 * Generated feature tables (each reading one top-layer dataset; features named after its columns) and
 * models consuming features of two tables, trained on a training set whose `label` column derives from
 * the `score` column of a top-layer dataset. Leaky models also consume that `score` column as a feature.
 * Each model names its training job (`trainingJobs`, DataHub's TrainedBy lineage edge), an Airflow task
 * whose input is the training set, as ML ingestion writes it (SageMaker: trainingJobs → dataJob inputs):
 * so DataHub's lineage reaches the training set, which `mlModelTrainingData` alone does not.
 */
import { dataJobInfo, dataJobInputOutput, HOUR_MS, ownership, runRecords } from '../demo/aspects.js';
import { mcp, type MetadataRecord } from '../demo/records.js';
import type { Rng } from './prng.js';
import {
  dbtSiblingUrn,
  FEATURE_COLUMNS,
  featureTableSource,
  featureTableUrn,
  featureUrn,
  GENERATED_NOW,
  groupUrn,
  LABEL_COLUMN,
  layerOf,
  LABEL_SOURCE_COLUMN,
  modelUrn,
  primaryKeyUrn,
  trainingFlowUrn,
  trainingJobUrn,
  trainingSetUrn,
  userUrn,
  type Plan,
} from './plan.js';

const DATA_TYPE: Record<(typeof FEATURE_COLUMNS)[number], string> = {
  amount: 'CONTINUOUS',
  count_7d: 'COUNT',
  score: 'CONTINUOUS',
  category: 'NOMINAL',
  event_at: 'TIME',
};
/** The global index of the top-layer dataset feature table `i` reads. */
const tableIndex = (plan: Plan, i: number): number => {
  const k = plan.layerSizes.length - 1;
  return plan.layerStarts[k]! + (i % plan.layerSizes[k]!);
};
const SAFE_COLUMNS = FEATURE_COLUMNS.filter((c) => c !== LABEL_SOURCE_COLUMN);
const SHARE = { leaky: 0.03, unowned: 0.03 };
const CREATED = GENERATED_NOW - 200 * 24 * HOUR_MS;
const TRAINING_RUN_MS = 45 * 60_000;

function* featureTableRecords(plan: Plan, i: number, siblings: boolean): Generator<MetadataRecord> {
  // with dbt siblings, every fourth feature table reads the dbt model rather than its warehouse table
  const table = featureTableSource(plan, i);
  const source = siblings && i % 4 === 3 && layerOf(plan, tableIndex(plan, i)) > 0 ? dbtSiblingUrn(table) : table;
  const features = FEATURE_COLUMNS.map((c) => featureUrn(i, c));
  for (const column of FEATURE_COLUMNS) {
    yield mcp(featureUrn(i, column), 'mlFeatureProperties', {
      customProperties: {},
      description: `${column} of ${source}`,
      dataType: DATA_TYPE[column],
      sources: [source],
    });
  }
  yield mcp(primaryKeyUrn(i), 'mlPrimaryKeyProperties', {
    customProperties: {},
    dataType: 'NOMINAL',
    sources: [source],
  });
  yield mcp(featureTableUrn(i), 'mlFeatureTableProperties', {
    customProperties: {},
    description: `Generated feature table ${i}.`,
    mlFeatures: features,
    mlPrimaryKeys: [primaryKeyUrn(i)],
  });
  yield mcp(featureTableUrn(i), 'ownership', ownership([[groupUrn(i % plan.groups), 'TECHNICAL_OWNER']], CREATED));
}

/** Whether model `j` gets the label's source column as a feature (model 1 always, then a few more). */
const isLeaky = (j: number, rng: Rng): boolean => rng.chance(SHARE.leaky) || j === 1;

function* modelRecords(plan: Plan, j: number, rng: Rng): Generator<MetadataRecord> {
  const urn = modelUrn(j);
  const features: string[] = [];
  if (plan.featureTables > 0) {
    const tables = [...new Set([j % plan.featureTables, (j * 7 + 3) % plan.featureTables])];
    const candidates = tables.flatMap((t) => SAFE_COLUMNS.map((c) => featureUrn(t, c)));
    features.push(...rng.sample(candidates, rng.int(3, 5)));
  }
  const trainingSet = plan.trainingSets > 0 ? j % plan.trainingSets : undefined;
  const leaky = isLeaky(j, rng);
  // feature table t reads the dataset training set t takes its label from
  if (leaky && trainingSet !== undefined) features.push(featureUrn(trainingSet, LABEL_SOURCE_COLUMN));
  const trainedAt = GENERATED_NOW - rng.int(1, 30 * 24) * HOUR_MS;
  yield mcp(urn, 'mlModelProperties', {
    customProperties: {
      framework: rng.pick(['sklearn', 'xgboost', 'pytorch']),
      ...(trainingSet !== undefined ? { label: LABEL_COLUMN } : {}),
    },
    name: `model_${String(j).padStart(5, '0')}`,
    description: `Generated model ${j}.`,
    created: { time: trainedAt },
    lastModified: { time: trainedAt },
    version: { versionTag: String(rng.int(1, 9)) },
    hyperParams: [],
    trainingMetrics: [{ name: 'auc', value: (0.6 + 0.4 * rng.next()).toFixed(3) }],
    mlFeatures: features,
    tags: [],
    ...(trainingSet !== undefined ? { trainingJobs: [trainingJobUrn(j)] } : {}),
  });
  if (trainingSet !== undefined) {
    yield mcp(urn, 'mlModelTrainingData', { trainingData: [{ dataset: trainingSetUrn(trainingSet) }] });
    yield* trainingJobRecords(plan, j, trainingSetUrn(trainingSet), trainedAt);
  }
  if (!rng.chance(SHARE.unowned)) {
    yield mcp(
      urn,
      'ownership',
      ownership(
        [
          [groupUrn(j % plan.groups), 'TECHNICAL_OWNER'],
          [userUrn(rng.int(0, plan.users - 1)), 'TECHNICAL_OWNER'],
        ],
        trainedAt,
      ),
    );
  }
}

/** Model `j`'s training task: reads the training set, with two successful runs, the latest ending at `trainedAt`. */
function* trainingJobRecords(plan: Plan, j: number, trainingSet: string, trainedAt: number): Generator<MetadataRecord> {
  const job = trainingJobUrn(j);
  const jobId = `train_model_${String(j).padStart(5, '0')}`;
  yield mcp(job, 'dataJobInfo', dataJobInfo(jobId, trainingFlowUrn(), `Trains model ${j}.`));
  yield mcp(job, 'dataJobInputOutput', dataJobInputOutput([trainingSet], []));
  yield mcp(job, 'ownership', ownership([[groupUrn(j % plan.groups), 'TECHNICAL_OWNER']], CREATED));
  for (const [n, end] of [trainedAt - 7 * 24 * HOUR_MS, trainedAt].entries()) {
    const start = end - TRAINING_RUN_MS;
    yield* runRecords({
      id: `gen.train_models.${jobId}.run_${n}`,
      job,
      name: `scheduled__${new Date(start).toISOString()}`,
      start,
      durationMs: TRAINING_RUN_MS,
      result: 'SUCCESS',
      inputs: [trainingSet],
      outputs: [],
    });
  }
}

export function* mlRecords(plan: Plan, models: number, rng: Rng, siblings = false): Generator<MetadataRecord> {
  for (let i = 0; i < plan.featureTables; i++) yield* featureTableRecords(plan, i, siblings);
  if (models > 0 && plan.trainingSets > 0) {
    yield mcp(trainingFlowUrn(), 'dataFlowInfo', { customProperties: {}, name: 'train_models', env: 'PROD' });
  }
  for (let j = 0; j < models; j++) yield* modelRecords(plan, j, rng);
}
