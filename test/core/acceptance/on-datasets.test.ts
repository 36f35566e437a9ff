import { describe, expect, it } from 'vitest';
import type { Acceptance } from '../../../src/core/acceptance/acceptance.js';
import { honourAcceptances } from '../../../src/core/acceptance/honour.js';
import { shapeOf } from '../../../src/core/acceptance/lapse.js';
import { datasetAcceptances } from '../../../src/core/acceptance/on-datasets.js';
import { ACCEPTANCE_PROPERTY, storedAcceptance } from '../../../src/core/acceptance/stored.js';
import { DEFAULT_POLICY } from '../../../src/core/detectors/registered.js';
import type { Finding } from '../../../src/core/finding.js';
import { bareEntity, type UpstreamGraph } from '../../../src/core/graph.js';

const NOW = Date.UTC(2026, 11, 6, 12);
const DAY = 86_400_000;
const A = 'urn:li:dataset:(urn:li:dataPlatform:snowflake,a,PROD)';
const B = 'urn:li:dataset:(urn:li:dataPlatform:snowflake,b,PROD)';
const JOB = 'urn:li:dataJob:(urn:li:dataFlow:(airflow,etl,PROD),build)';

/** A failed job's finding as one model sees it: on the first of the products it reads, naming them. */
const failed = (produces: string[], failedAt = NOW - DAY): Finding => ({
  detector: 'upstream_failure',
  ...DEFAULT_POLICY.upstream_failure!,
  entity: produces[0]!,
  key: `upstream_failure:${JOB}`,
  message: 'the job failed',
  evidence: { job: JOB, run: 'run-1', failedAt, produces },
});

/** A model's graph whose dataset `held` holds the acceptances given. */
function graphWith(held: string, acceptances: Acceptance[]): UpstreamGraph {
  const node = (urn: string) => ({
    ...bareEntity(urn, 'dataset', urn, []),
    structuredProperties:
      urn === held ? { [ACCEPTANCE_PROPERTY.qualifiedName]: acceptances.map(storedAcceptance) } : {},
  });
  return {
    model: 'urn:li:mlModel:m',
    nodes: { 'urn:li:mlModel:m': bareEntity('urn:li:mlModel:m', 'mlModel', 'm', []), [A]: node(A), [B]: node(B) },
    upstreams: {},
    columnUpstreams: {},
    features: [],
    featureTables: [],
    trainingData: [],
    featureSources: {},
    primaryKeys: [],
  };
}

const acceptedOn = (dataset: string, f: Finding): Acceptance => ({
  key: f.key,
  by: 'erin.walsh',
  reason: 'rerun tonight',
  at: new Date(NOW).toISOString(),
  until: new Date(NOW + 7 * DAY).toISOString(),
  accepted: shapeOf(f, true),
  source: 'datahub',
  on: dataset,
});

describe('an acceptance held on a dataset', () => {
  it('covers the finding for a model whatever products of the failed job it reads, until a new episode', () => {
    // accepted from a model reading both products; honoured for one reading B alone
    const a = acceptedOn(B, failed([A, B]));
    const seesB = failed([B]);
    const found = datasetAcceptances(graphWith(B, [a]), [seesB]);
    expect(found).toEqual([expect.objectContaining({ key: a.key, on: B, by: 'erin.walsh' })]);
    expect(honourAcceptances([seesB], found, NOW).accepted).toHaveLength(1);
    // another failed run: a new episode, it lapses
    const again = failed([B], NOW - 1000);
    const lapsed = honourAcceptances([again], datasetAcceptances(graphWith(B, [a]), [again]), NOW);
    expect(lapsed.counted).toEqual([again]);
    expect(lapsed.lapsed[0]!.lapse).toContain('a new episode');
  });

  it("is no acceptance of another finding, nor of a dataset the model's findings are not about", () => {
    const a = acceptedOn(A, failed([A]));
    const other: Finding = { ...failed([B]), key: `freshness_lag:${B}`, detector: 'freshness_lag' };
    expect(datasetAcceptances(graphWith(A, [a]), [other])).toEqual([]);
    expect(datasetAcceptances(graphWith(B, [{ ...a, on: B }]), [failed([A])])).toEqual([]);
  });
});
