/**
 * The shape of a generated catalog, computed from the options alone: how many datasets sit in each
 * lineage layer, and how many training sets, feature tables, users and groups there are, with their urns.
 */
import {
  corpGroupUrn,
  corpUserUrn,
  dataFlowUrn,
  dataJobUrn,
  datasetUrn,
  mlFeatureTableUrn,
  mlFeatureUrn,
  mlModelUrn,
  mlPrimaryKeyUrn,
} from '../demo/records.js';

export interface GenerateOptions {
  /** ML models. */
  models: number;
  /** Datasets in all, training sets included. */
  datasets: number;
  /**
   * Lineage hops from a model to its deepest source table through its features: model → feature → feature
   * source table, then `depth - 2` upstreamLineage hops down the layers. Values below 2 behave as 2; fewer
   * datasets than layers cap it. The training route (model → training job → training set → a top-layer
   * table) is one hop longer.
   */
  depth: number;
  seed: number;
  /**
   * dbt-style siblings: every warehouse table above the raw layer gets a dbt model as DataHub's dbt ingestion and
   * its SiblingAssociationHook leave it (siblings.ts), and every fourth feature table reads the dbt model. The rest
   * of the catalog is the one generated without it, record for record.
   */
  siblings?: boolean;
}

/** "Now" of every generated catalog: timestamps are set relative to it, never to the clock. */
export const GENERATED_NOW = Date.UTC(2025, 5, 2, 12, 0, 0);

/** Columns of every layered dataset; features are named after the non-key ones. */
export const FEATURE_COLUMNS = ['amount', 'count_7d', 'score', 'category', 'event_at'] as const;
/** The column labels derive from; only leaky models use it as a feature. */
export const LABEL_SOURCE_COLUMN = 'score';
export const LABEL_COLUMN = 'label';

export interface Plan {
  /** Size of each layer; layer 0 holds the raw sources. */
  layerSizes: number[];
  /** Global index of each layer's first dataset. */
  layerStarts: number[];
  trainingSets: number;
  featureTables: number;
  users: number;
  groups: number;
}

function checkCount(name: string, v: number): void {
  if (!Number.isSafeInteger(v) || v < 0) throw new RangeError(`${name} must be a whole number >= 0, got ${v}`);
}

export function planCatalog(o: GenerateOptions): Plan {
  for (const k of ['models', 'datasets', 'depth'] as const) checkCount(k, o[k]);
  if (!Number.isSafeInteger(o.seed)) throw new RangeError(`seed must be a whole number, got ${o.seed}`);
  const trainingSets =
    o.models > 0 && o.datasets >= 2 ? Math.min(Math.ceil(o.models / 25), Math.floor(o.datasets / 2)) : 0;
  const layered = o.datasets - trainingSets;
  const layers = Math.min(Math.max(1, o.depth - 1), layered);
  const layerSizes = Array.from(
    { length: layers },
    (_, k) => Math.floor(layered / layers) + (k < layered % layers ? 1 : 0),
  );
  const layerStarts = layerSizes.map((_, k) => layerSizes.slice(0, k).reduce((a, b) => a + b, 0));
  const featureTables = layered > 0 && o.models > 0 ? Math.max(trainingSets, Math.ceil(o.models / 4)) : 0;
  const users = Math.max(4, Math.ceil(o.models / 10));
  return { layerSizes, layerStarts, trainingSets, featureTables, users, groups: Math.max(2, Math.ceil(users / 10)) };
}

const pad = (n: number, width = 5): string => String(n).padStart(width, '0');

export const layerOf = (plan: Plan, g: number): number => {
  let k = plan.layerStarts.length - 1;
  while (k > 0 && plan.layerStarts[k]! > g) k--;
  return k;
};

/** Layer 0 mixes raw platforms; the rest is the warehouse. */
const platformOf = (layer: number, g: number): string =>
  layer > 0 ? 'snowflake' : ['kafka', 's3', 'snowflake'][g % 3]!;

/** Urns are built once per dataset: lineage, jobs and runs refer to each many times. */
const urnCache = new WeakMap<Plan, string[]>();
export const layeredDatasetUrn = (plan: Plan, g: number): string => {
  let cache = urnCache.get(plan);
  if (!cache) urnCache.set(plan, (cache = []));
  let urn = cache[g];
  if (urn === undefined) {
    const k = layerOf(plan, g);
    urn = cache[g] = datasetUrn(platformOf(k, g), `gen.layer_${k}.table_${pad(g)}`);
  }
  return urn;
};
export const topLayerDataset = (plan: Plan, i: number): string => {
  const k = plan.layerSizes.length - 1;
  return layeredDatasetUrn(plan, plan.layerStarts[k]! + (i % plan.layerSizes[k]!));
};
export const trainingSetUrn = (t: number): string => datasetUrn('snowflake', `gen.training.set_${pad(t)}`);
export const featureTableName = (i: number): string => `ft_${pad(i)}`;
export const featureTableUrn = (i: number): string => mlFeatureTableUrn('feast', featureTableName(i));
export const featureUrn = (i: number, column: string): string => mlFeatureUrn(featureTableName(i), column);
export const primaryKeyUrn = (i: number): string => mlPrimaryKeyUrn(featureTableName(i), 'id');
/** Feature table `i` reads the top-layer dataset `i` (cycling), so training set `t` and feature table `t` share a source. */
export const featureTableSource = topLayerDataset;
/** The dbt model that builds a warehouse table: same name, on the dbt platform. */
export const dbtSiblingUrn = (warehouseUrn: string): string =>
  warehouseUrn.replace('urn:li:dataPlatform:snowflake,', 'urn:li:dataPlatform:dbt,');
export const modelUrn = (j: number): string => mlModelUrn('mlflow', `model_${pad(j)}`);
export const userUrn = (u: number): string => corpUserUrn(`user_${pad(u, 4)}`);
export const groupUrn = (g: number): string => corpGroupUrn(`team_${pad(g, 3)}`);
export const flowUrn = (layer: number): string => dataFlowUrn('airflow', `build_layer_${layer}`);
export const jobUrn = (layer: number, j: number): string => dataJobUrn(flowUrn(layer), `job_${pad(j)}`);
/** The Airflow DAG whose tasks train the models, one task a model. */
export const trainingFlowUrn = (): string => dataFlowUrn('airflow', 'train_models');
export const trainingJobUrn = (j: number): string => dataJobUrn(trainingFlowUrn(), `train_model_${pad(j)}`);
