import type { Store } from '../../src/store/store.js';

/** Builders for the lineage catalogs the graph tests load (aspects in DataHub's MCP `json` shape). */

export const ds = (name: string, platform = 'snowflake') =>
  `urn:li:dataset:(urn:li:dataPlatform:${platform},${name},PROD)`;
export const col = (dataset: string, path: string) => `urn:li:schemaField:(${dataset},${path})`;
export const feature = (name: string, table = 'trip_features') => `urn:li:mlFeature:(${table},${name})`;
export const model = (name: string) => `urn:li:mlModel:(urn:li:dataPlatform:mlflow,${name},PROD)`;
export const flow = (id: string) => `urn:li:dataFlow:(airflow,${id},PROD)`;
export const job = (flowId: string, id: string) => `urn:li:dataJob:(${flow(flowId)},${id})`;
export const run = (id: string) => `urn:li:dataProcessInstance:${id}`;

const stamp = { time: 0, actor: 'urn:li:corpuser:unknown' };

export interface DatasetSpec {
  upstreams?: string[];
  columns?: string[];
  /** downstream column path → upstream column urns */
  columnLineage?: Record<string, string[]>;
  removed?: boolean;
}

export function addDataset(store: Store, urn: string, spec: DatasetSpec = {}): void {
  store.write(urn, 'datasetProperties', { customProperties: {}, name: urn.split(',')[1], tags: [] });
  if (spec.columns) {
    store.write(urn, 'schemaMetadata', {
      schemaName: urn.split(',')[1],
      platform: 'urn:li:dataPlatform:snowflake',
      version: 0,
      created: stamp,
      lastModified: stamp,
      hash: '',
      platformSchema: { 'com.linkedin.schema.OtherSchema': { rawSchema: '' } },
      fields: spec.columns.map((fieldPath) => ({
        fieldPath,
        nullable: false,
        type: { type: { 'com.linkedin.schema.NumberType': {} } },
        nativeDataType: 'NUMBER',
        recursive: false,
        isPartOfKey: false,
      })),
    });
  }
  if (spec.upstreams || spec.columnLineage) {
    store.write(urn, 'upstreamLineage', {
      upstreams: (spec.upstreams ?? []).map((dataset) => ({ auditStamp: stamp, dataset, type: 'TRANSFORMED' })),
      fineGrainedLineages: Object.entries(spec.columnLineage ?? {}).map(([path, upstreams]) => ({
        upstreamType: 'FIELD_SET',
        upstreams,
        downstreamType: 'FIELD',
        downstreams: [col(urn, path)],
        confidenceScore: 1,
      })),
    });
  }
  if (spec.removed) store.write(urn, 'status', { removed: true });
}

/** One upstream edge as DataHub stamps it: last updated, created, its type, and properties (`source: 'UI'` for manual). */
export interface StampedEdge {
  updated: { time: number; actor: string };
  created: { time: number; actor: string };
  type: string;
  properties?: Record<string, string>;
}

/** Replaces the lineage of `urn` with the one stamped edge from `dataset`. */
export function writeStampedUpstream(store: Store, urn: string, dataset: string, edge: StampedEdge): void {
  const { updated, created, type, properties } = edge;
  const upstream = { auditStamp: updated, created, dataset, type, ...(properties ? { properties } : {}) };
  store.write(urn, 'upstreamLineage', { upstreams: [upstream] });
}

export function addFeature(store: Store, urn: string, sources: string[]): void {
  store.write(urn, 'mlFeatureProperties', { customProperties: {}, dataType: 'CONTINUOUS', sources });
}

export interface ModelSpec {
  features?: string[];
  trainingJobs?: string[];
  downstreamJobs?: string[];
  groups?: string[];
}

export function addModel(store: Store, urn: string, spec: ModelSpec): void {
  store.write(urn, 'mlModelProperties', {
    customProperties: {},
    tags: [],
    mlFeatures: spec.features ?? [],
    trainingJobs: spec.trainingJobs,
    downstreamJobs: spec.downstreamJobs,
    groups: spec.groups,
  });
}

export interface JobSpec {
  inputs?: string[];
  outputs?: string[];
  /** downstream column urn → upstream column urns */
  columnLineage?: Record<string, string[]>;
}

export function addJob(store: Store, urn: string, spec: JobSpec): void {
  store.write(urn, 'dataJobInfo', {
    customProperties: {},
    name: urn.split(',').at(-1)!.replace(')', ''),
    type: 'COMMAND',
  });
  store.write(urn, 'dataJobInputOutput', {
    inputDatasets: spec.inputs ?? [],
    outputDatasets: spec.outputs ?? [],
    fineGrainedLineages: Object.entries(spec.columnLineage ?? {}).map(([downstream, upstreams]) => ({
      upstreamType: 'FIELD_SET',
      upstreams,
      downstreamType: 'FIELD',
      downstreams: [downstream],
      confidenceScore: 1,
    })),
  });
}

/**
 * The ML supply chain most tests walk:
 *
 *   raw_trips ─▶ stg_trips ─▶ trip_features ─▶ features tip_rate, fare_per_mile ─▶ model tip_predictor
 *                   │   ▲          ▲                                   fare_per_mile ─▶ model fare_model
 *                   │   └── etl job (consumes stg_trips, raw_zones; produces trip_features)
 *                   └──────▶ training job (consumes stg_trips, trip_features) ─▶ trains tip_predictor
 *   raw_zones ──────────────────────┘
 */
export const CHAIN = {
  rawTrips: ds('nyc.raw_trips'),
  rawZones: ds('nyc.raw_zones'),
  stgTrips: ds('nyc.stg_trips'),
  tripFeatures: ds('nyc.trip_features'),
  tipRate: feature('tip_rate'),
  farePerMile: feature('fare_per_mile'),
  etl: job('nyc_etl', 'build_features'),
  training: job('ml_training', 'train_tip'),
  tipModel: model('tip_predictor'),
  fareModel: model('fare_model'),
};

export function addChain(store: Store): typeof CHAIN {
  const c = CHAIN;
  addDataset(store, c.rawTrips, { columns: ['trip_id', 'fare_amount', 'trip_distance'] });
  addDataset(store, c.rawZones, { columns: ['zone_id'] });
  addDataset(store, c.stgTrips, {
    upstreams: [c.rawTrips],
    columns: ['trip_id', 'fare', 'distance', 'pickup_ts', 'dropoff_ts'],
    columnLineage: { fare: [col(c.rawTrips, 'fare_amount')], distance: [col(c.rawTrips, 'trip_distance')] },
  });
  addDataset(store, c.tripFeatures, {
    upstreams: [c.stgTrips],
    columns: ['fare_per_mile', 'duration_min', 'tip_rate'],
    columnLineage: { fare_per_mile: [col(c.stgTrips, 'fare'), col(c.stgTrips, 'distance')] },
  });
  addJob(store, c.etl, {
    inputs: [c.stgTrips, c.rawZones],
    outputs: [c.tripFeatures],
    columnLineage: {
      [col(c.tripFeatures, 'duration_min')]: [col(c.stgTrips, 'pickup_ts'), col(c.stgTrips, 'dropoff_ts')],
    },
  });
  addJob(store, c.training, { inputs: [c.tripFeatures, c.stgTrips] });
  addFeature(store, c.tipRate, [c.tripFeatures]);
  addFeature(store, c.farePerMile, [c.tripFeatures]);
  addModel(store, c.tipModel, { features: [c.tipRate, c.farePerMile], trainingJobs: [c.training] });
  addModel(store, c.fareModel, { features: [c.farePerMile] });
  return c;
}
