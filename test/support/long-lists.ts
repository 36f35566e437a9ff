import type { Proposal } from '@janus/datahub-sim/ingest-client';

/** A catalog of long lists, as ingestion writes it: a model of many features, a dataset of many incidents and assertions. */

export const NOW = 1_767_225_600_000;
export const SOURCE = 'urn:li:dataset:(urn:li:dataPlatform:snowflake,shop.wide_source,PROD)';
export const MODEL = 'urn:li:mlModel:(urn:li:dataPlatform:mlflow,wide_model,PROD)';
const feature = (i: number) => `urn:li:mlFeature:(wide_features,f${String(i).padStart(4, '0')})`;
const stamp = { time: NOW - 60_000, actor: 'urn:li:corpuser:datahub' };

const mcp = (entityType: string, entityUrn: string, aspectName: string, json: unknown): Proposal => ({
  entityType,
  entityUrn,
  aspectName,
  aspect: json as Record<string, unknown>,
});

/** A model that reads `features` features, all of one dataset: its one-hop upstream list is `features` long. */
export function wideModel(features: number): Proposal[] {
  const urns = Array.from({ length: features }, (_, i) => feature(i));
  return [
    mcp('dataset', SOURCE, 'datasetProperties', { name: 'wide_source', customProperties: {} }),
    mcp('mlModel', MODEL, 'mlModelProperties', { name: 'wide_model', customProperties: {}, mlFeatures: urns }),
    ...urns.map((u) =>
      mcp('mlFeature', u, 'mlFeatureProperties', { customProperties: {}, dataType: 'CONTINUOUS', sources: [SOURCE] }),
    ),
  ];
}

export const incidents = (n: number): Proposal[] =>
  Array.from({ length: n }, (_, i) =>
    mcp('incident', `urn:li:incident:wide-${i}`, 'incidentInfo', {
      type: 'OPERATIONAL',
      entities: [SOURCE],
      status: { state: 'ACTIVE', lastUpdated: stamp },
      source: { type: 'MANUAL' },
      created: { time: stamp.time - i, actor: stamp.actor },
    }),
  );

export const assertions = (n: number): Proposal[] =>
  Array.from({ length: n }, (_, i) =>
    mcp('assertion', `urn:li:assertion:wide-${i}`, 'assertionInfo', {
      type: 'FRESHNESS',
      freshnessAssertion: {
        type: 'DATASET_CHANGE',
        entity: SOURCE,
        schedule: { type: 'FIXED_INTERVAL', fixedInterval: { unit: 'DAY', multiple: 1 } },
      },
    }),
  );
