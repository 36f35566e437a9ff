import { describe, expect, it, vi } from 'vitest';
import { check } from './support/demo-check.js';
import { recordProblems } from '../src/demo/check.js';
import { aspectWrites, indexRecords, type RecordIndex } from '../src/demo/inspect.js';
import {
  GENERATED_NOW,
  generateCatalog,
  generateRecords,
  LABEL_SOURCE_COLUMN,
  type GenerateOptions,
} from '../src/generate/index.js';
import { modelUrn } from '../src/generate/plan.js';
import { loadRecords } from '../src/loaders/index.js';
import { Store } from '../src/store/store.js';
import { simHarness } from './support/harness.js';
import { rounds } from './support/thorough.js';

const MEDIUM: GenerateOptions = { models: 200, datasets: 2000, depth: 5, seed: 42 };
const medium = generateCatalog(MEDIUM);
const mediumIdx = indexRecords(medium);

/** Longest lineage chain from a model: model → feature → source table → upstreamLineage hops. */
function longestChainFrom(idx: RecordIndex, model: string): number {
  const memo = new Map<string, number>();
  const datasetDepth = (d: string): number => {
    const known = memo.get(d);
    if (known !== undefined) return known;
    memo.set(d, Number.POSITIVE_INFINITY); // a cycle would surface as Infinity
    const ups = (idx.aspect(d, 'upstreamLineage')?.upstreams ?? []) as Array<{ dataset: string }>;
    const depth = ups.length ? 1 + Math.max(...ups.map((u) => datasetDepth(u.dataset))) : 0;
    memo.set(d, depth);
    return depth;
  };
  const features = (idx.aspect(model, 'mlModelProperties')?.mlFeatures ?? []) as string[];
  const sources = features.flatMap((f) => idx.aspect(f, 'mlFeatureProperties')!.sources as string[]);
  return sources.length ? 2 + Math.max(...sources.map(datasetDepth)) : 0;
}

/** Every dataset urn any aspect refers to. */
const referencedDatasets = (records: unknown[]): Set<string> =>
  new Set(
    records.flatMap((r) => JSON.stringify(r).match(/urn:li:dataset:\(urn:li:dataPlatform:[^,]+,[^,]+,PROD\)/g) ?? []),
  );

describe('generateCatalog: determinism', () => {
  it('gives identical JSON for the same seed, whatever the clock says', () => {
    vi.useFakeTimers();
    try {
      vi.setSystemTime(Date.UTC(2031, 0, 1));
      expect(JSON.stringify(generateCatalog(MEDIUM))).toBe(JSON.stringify(medium));
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives a different catalog for a different seed, of the same size', () => {
    const other = generateCatalog({ ...MEDIUM, seed: 43 });
    expect(JSON.stringify(other)).not.toBe(JSON.stringify(medium));
    expect(indexRecords(other).urns('dataset').length).toBe(MEDIUM.datasets);
  });

  it('puts every timestamp at or before GENERATED_NOW', () => {
    const times = medium
      .flatMap((r) => JSON.stringify(r).match(/"(?:time|timestampMillis|lastUpdatedTimestamp)":\d+/g) ?? [])
      .map((m) => Number(m.slice(m.indexOf(':') + 1)));
    expect(times.length).toBeGreaterThan(1000);
    expect(Math.max(...times)).toBeLessThanOrEqual(GENERATED_NOW);
  });
});

describe('generateCatalog: counts and depth', () => {
  it.each([
    { models: 0, datasets: 0, depth: 0, seed: 1 },
    { models: 2, datasets: 5, depth: 2, seed: 7 },
    { models: 7, datasets: 50, depth: 4, seed: -3 },
    { models: 30, datasets: 300, depth: 8, seed: 2 ** 40 },
    { models: 0, datasets: 12, depth: 3, seed: 5 },
  ])('has exactly the datasets and models asked for, and defines every dataset it names: %j', (opts) => {
    const records = generateCatalog(opts);
    const idx = indexRecords(records);
    expect(idx.urns('mlModel').length).toBe(opts.models);
    expect(idx.urns('dataset').length).toBe(opts.datasets);
    expect(idx.urns('dataset').every((d) => idx.aspect(d, 'schemaMetadata'))).toBe(true);
    expect([...referencedDatasets(records)].sort()).toEqual(idx.urns('dataset').sort());
  });

  it.each([2, 3, 5, 9])('reaches depth %i from every model, and no further', (depth) => {
    const idx = indexRecords(generateCatalog({ models: 12, datasets: 120, depth, seed: depth }));
    const chains = idx.urns('mlModel').map((m) => longestChainFrom(idx, m));
    expect(new Set(chains)).toEqual(new Set([depth]));
  });

  it('caps the depth when there are fewer datasets than layers', () => {
    const idx = indexRecords(generateCatalog({ models: 2, datasets: 4, depth: 10, seed: 1 }));
    // 4 datasets: 1 training set + 3 layers, so model → feature → top → 2 more hops
    expect(idx.urns('mlModel').map((m) => longestChainFrom(idx, m))).toEqual([4, 4]);
  });

  it('gives derived datasets 1–3 parents from the layer below, with column lineage on a few columns', () => {
    for (const d of mediumIdx.urns('dataset').filter((u) => u.includes('gen.layer_') && !u.includes('layer_0'))) {
      const lineage = mediumIdx.aspect(d, 'upstreamLineage')!;
      const layer = Number(/layer_(\d+)/.exec(d)![1]);
      const parents = (lineage.upstreams as Array<{ dataset: string }>).map((u) => u.dataset);
      expect(parents.length).toBeGreaterThanOrEqual(1);
      expect(parents.length).toBeLessThanOrEqual(3);
      expect(
        parents.every((p) => p.includes(`gen.layer_${layer - 1}.`)),
        d,
      ).toBe(true);
      expect((lineage.fineGrainedLineages as unknown[]).length).toBeGreaterThan(0);
    }
  });

  it('rejects counts that are not whole numbers >= 0', () => {
    expect(() => generateCatalog({ ...MEDIUM, models: -1 })).toThrow(RangeError);
    expect(() => generateCatalog({ ...MEDIUM, datasets: 1.5 })).toThrow(RangeError);
    expect(() => generateCatalog({ ...MEDIUM, seed: Number.NaN })).toThrow(RangeError);
  });
});

describe('generateCatalog: format', () => {
  it('has only well-formed records, MCE snapshots among them', () => {
    const problems = medium.flatMap((r, i) => recordProblems(r).map((p) => `#${i}: ${p}`));
    expect(problems.slice(0, 5)).toEqual([]);
    expect(medium.some((r) => 'proposedSnapshot' in (r as object))).toBe(true);
  });

  it('loads through the simulator loader with no errors or warnings', () => {
    const store = new Store();
    const report = loadRecords(store, medium, 'generated');
    expect(report.errors).toEqual([]);
    expect(report.warnings).toEqual([]);
    expect(report.applied).toBe(medium.reduce((n: number, r) => n + aspectWrites(r).length, 0));
    expect(store.size).toBe(new Set(medium.flatMap((r) => aspectWrites(r).map((w) => w.urn))).size);
  });

  it('generates lazily: the first records of a huge catalog come at once', () => {
    const it = generateRecords({ models: 50_000_000, datasets: 50_000_000, depth: 6, seed: 1 })[Symbol.iterator]();
    const first = Array.from({ length: 5 }, () => it.next().value);
    expect(first.every((r) => recordProblems(r).length === 0)).toBe(true);
  });
});

describe('generateCatalog: what the detectors will find', () => {
  const c = check(mediumIdx, GENERATED_NOW);
  const datasets = mediumIdx.urns('dataset');

  it('leaves some datasets without an owner, and some past their SLA', () => {
    const unowned = datasets.filter((d) => c.ownersOf(d).length === 0).length;
    expect(unowned / datasets.length).toBeGreaterThan(0.05);
    expect(unowned / datasets.length).toBeLessThan(0.3);
    const withSla = datasets.filter((d) => c.slaOf(d) !== undefined);
    const stale = withSla.filter((d) => c.ageOf(d) > c.slaOf(d)!).length;
    expect(stale / withSla.length).toBeGreaterThan(0.03);
    expect(stale / withSla.length).toBeLessThan(0.25);
    expect(withSla.length).toBeLessThan(datasets.length);
  });

  it('has jobs whose latest run failed, but most succeeded', () => {
    const jobs = mediumIdx.urns('dataJob');
    const failing = jobs.filter((j) => c.runResults(j)[0] === 'FAILURE').length;
    expect(failing).toBeGreaterThan(0);
    expect(failing / jobs.length).toBeLessThan(0.25);
    expect(jobs.every((j) => c.runResults(j).length === 2)).toBe(true);
  });

  it('has some suspended users, owning some models', () => {
    const suspended = (u: string) => mediumIdx.aspect(u, 'corpUserStatus')?.status === 'SUSPENDED';
    const users = mediumIdx.urns('corpuser');
    expect(users.filter(suspended).length).toBeGreaterThan(0);
    expect(users.filter(suspended).length).toBeLessThan(users.length / 2);
    expect(users.filter(suspended).every((u) => mediumIdx.aspect(u, 'corpUserInfo')?.active === false)).toBe(true);
    const models = mediumIdx.urns('mlModel');
    const departed = models.filter((m) => c.ownersOf(m).some(suspended)).length;
    expect(departed).toBeGreaterThan(0);
    expect(departed).toBeLessThan(models.length / 2);
    expect(models.some((m) => c.ownersOf(m).length === 0)).toBe(true);
  });

  it('has a few models whose features leak the label, through the label source column only', () => {
    const models = mediumIdx.urns('mlModel');
    const leaky = models.map((m) => c.leakyFeatures(m)).filter((f) => f.length > 0);
    expect(leaky.length).toBeGreaterThan(0);
    expect(leaky.length).toBeLessThan(models.length * 0.15);
    expect(leaky.flat().every((f) => f.endsWith(`,${LABEL_SOURCE_COLUMN})`))).toBe(true);
    for (const m of models) expect(mediumIdx.aspect(c.trainingSetsOf(m)[0]!, 'schemaMetadata'), m).toBeDefined();
  });
});

describe('generateCatalog: training jobs', () => {
  const trainingSetsOf = (idx: RecordIndex, m: string) =>
    ((idx.aspect(m, 'mlModelTrainingData')?.trainingData ?? []) as Array<{ dataset: string }>).map((t) => t.dataset);

  it('gives every model a training job whose only input is its training set, as ML ingestion writes it', () => {
    for (const m of mediumIdx.urns('mlModel')) {
      const jobs = mediumIdx.aspect(m, 'mlModelProperties')!.trainingJobs as string[];
      expect(jobs, m).toHaveLength(1);
      expect(mediumIdx.aspect(jobs[0]!, 'dataJobInputOutput'), m).toMatchObject({
        inputDatasets: trainingSetsOf(mediumIdx, m),
        outputDatasets: [],
      });
      expect(mediumIdx.aspect(jobs[0]!, 'dataJobInfo')?.name).toMatch(/^train_model_\d{5}$/);
    }
  });

  it("so DataHub's lineage reaches the training set from the model: training job at hop 1, training set at hop 2", async () => {
    const { store, data } = simHarness();
    const records = generateCatalog({ models: 3, datasets: 30, depth: 4, seed: 2 });
    loadRecords(store, records, 'generated');
    const model = modelUrn(1);
    const [trainingSet] = trainingSetsOf(indexRecords(records), model);
    const r = await data<{
      scrollAcrossLineage: { searchResults: Array<{ degree: number; entity: { urn: string; type: string } }> };
    }>(
      `query ($urn: String!) {
        scrollAcrossLineage(input: { urn: $urn, direction: UPSTREAM, query: "*", count: 1000, orFilters: [{ and: [{ field: "degree", values: ["1", "2", "3+"] }] }] }) {
          searchResults { degree entity { urn type } }
        }
      }`,
      { urn: model },
    );
    const hit = (urn: string) => r.scrollAcrossLineage.searchResults.find((x) => x.entity.urn === urn);
    const job = (indexRecords(records).aspect(model, 'mlModelProperties')!.trainingJobs as string[])[0]!;
    expect(hit(job)).toMatchObject({ degree: 1, entity: { type: 'DATA_JOB' } });
    expect(hit(trainingSet!)).toMatchObject({ degree: 2, entity: { type: 'DATASET' } });
  });
});

describe('generateCatalog: scale', () => {
  // how fast is bench/'s to measure (no timing targets in tests)
  // 500 models by default, the full 5,000 under JANUS_THOROUGH=1 (CONTRIBUTING.md)
  const models = rounds(5000, 500);
  it(`builds ${models.toLocaleString('en-US')} models and over ${(models * 20).toLocaleString('en-US')} entities (5,000 and 100,000 under JANUS_THOROUGH=1)`, () => {
    const records = generateCatalog({ models, datasets: models * 12, depth: 6, seed: 1 });
    const entities = new Set<string>();
    for (const r of records) for (const w of aspectWrites(r)) entities.add(w.urn);
    expect(entities.size).toBeGreaterThan(models * 20);
    expect([...entities].filter((u) => u.startsWith('urn:li:mlModel:')).length).toBe(models);
  });
});
