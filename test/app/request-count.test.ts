import { afterEach, describe, expect, it } from 'vitest';
import { judgeModel } from '../../src/app/judge-model.js';
import { judgePolicy } from '../../src/config/index.js';
import { judgeSchema } from '../../src/config/judge.js';
import { createDataHubClient } from '../../src/datahub/client.js';
import { generateCatalog, GENERATED_NOW } from '@janus/datahub-sim/generate';
import { startSim, type RunningSim } from '@janus/datahub-sim';

const policy = judgePolicy(judgeSchema.parse({}));
const MODEL_1 = /mlModel:.*model_0*1,/;

let sim: RunningSim | undefined;
afterEach(() => sim?.close());

type Mcp = { entityUrn?: string; aspectName?: string; aspect?: { json?: Record<string, unknown> } };

/** The same catalog as ML ingestion without training jobs writes it: the training set named only by mlModelTrainingData. */
const withoutTrainingJobs = (records: unknown[]): unknown[] =>
  (records as Mcp[]).map((r) => {
    if (r.aspectName !== 'mlModelProperties' || !r.aspect?.json) return r;
    const { trainingJobs: _, ...props } = r.aspect.json;
    return { ...r, aspect: { json: props } };
  });

async function requestsToJudge(depth: number, edit: (records: unknown[]) => unknown[] = (r) => r) {
  const records = edit(generateCatalog({ models: 4, datasets: 6 * depth, depth, seed: 7 }));
  sim = await startSim({ records, port: 0, now: () => GENERATED_NOW });
  const model = (records as Mcp[]).map((r) => r.entityUrn).find((u) => u && MODEL_1.test(u))!;
  const client = createDataHubClient({ url: sim.url });
  sim.resetStats();
  const { verdict } = await judgeModel({ client, policy, now: () => GENERATED_NOW }, model);
  const stats = sim.stats();
  await sim.close();
  sim = undefined;
  const blast = stats.byOperation.JanusDownstreamModels ?? 0;
  return {
    requests: stats.requests,
    walk: stats.requests - blast,
    blast,
    byOperation: stats.byOperation,
    upstream: verdict.upstreamCount,
    verdict,
  };
}

/** Judges model 1 of a generated catalog a year after its date: every table is late, each top table a root cause. */
async function judgeStale(shape: Parameters<typeof generateCatalog>[0], blastRadius?: false) {
  const stale = GENERATED_NOW + 365 * 24 * 3600_000;
  const records = generateCatalog(shape);
  sim = await startSim({ records, port: 0, now: () => GENERATED_NOW });
  const model = (records as Mcp[]).map((r) => r.entityUrn).find((u) => u && MODEL_1.test(u))!;
  sim.resetStats();
  const { verdict } = await judgeModel(
    {
      client: createDataHubClient({ url: sim.url }),
      policy,
      now: () => stale,
      ...(blastRadius === false ? { blastRadius } : {}),
    },
    model,
  );
  return { verdict, stats: sim.stats() };
}

describe('one trust costs a constant number of requests', () => {
  it('is the same from lineage depth 2 to 20, while the graph grows: one read of the reach, one blast radius', async () => {
    const runs = [];
    for (const depth of [2, 6, 12, 20]) runs.push({ depth, ...(await requestsToJudge(depth)) });
    // The model's training job (TrainedBy, a lineage edge) brings its training set into the lineage search, and
    // the search brings each entity's facts: one request to read, whatever the depth (two with a scroll and a batch
    // of entities; four before the training jobs, with batches of 250).
    const summary = runs.map((r) => ({
      depth: r.depth,
      reads: r.byOperation.JanusUpstreamReach,
      scrolls: r.byOperation.JanusUpstream ?? 0,
      batches: r.byOperation.JanusEntities ?? 0,
      blast: r.blast,
    }));
    for (const r of summary) expect(r, JSON.stringify(summary)).toMatchObject({ reads: 1, scrolls: 0, batches: 0 });
    // the blast radius, one request when there is anything to blast: three at most in all
    for (const r of summary) expect(r.blast).toBeLessThanOrEqual(1);
    expect(runs.at(-1)!.upstream).toBeGreaterThan(runs[0]!.upstream * 3);
  });

  it('trust on a model with ten offending datasets sends ≤ 3 requests (counted by the simulator)', async () => {
    const { verdict, stats } = await judgeStale({ models: 4, datasets: 60, depth: 4, seed: 7 });
    expect(verdict.blastRadius.length).toBeGreaterThanOrEqual(10);
    expect(stats.byOperation.JanusDownstreamModels).toBe(1);
    expect(stats.requests).toBeLessThanOrEqual(3);
    // each dataset's lookup is its own lineage search in that one document
    expect(stats.byRootField.scrollAcrossLineage).toBe(verdict.blastRadius.length);
  });

  it("without its blast radius (the gate's judgment without the change): the same findings, no request below", async () => {
    const shape = { models: 4, datasets: 60, depth: 4, seed: 7 };
    const whole = await judgeStale(shape);
    await sim?.close();
    const findingsOnly = await judgeStale(shape, false);
    expect(findingsOnly.verdict.findings).toEqual(whole.verdict.findings);
    expect(findingsOnly.verdict.score).toBe(whole.verdict.score);
    expect(whole.stats.byOperation.JanusDownstreamModels).toBe(1);
    expect(findingsOnly.stats.byOperation.JanusDownstreamModels ?? 0).toBe(0);
    expect(findingsOnly.stats.requests).toBe(whole.stats.requests - 1);
  });

  it('walks the blast radius of hundreds of offending datasets down the graph: still ≤ 3 requests by urn', async () => {
    const { verdict, stats } = await judgeStale({ models: 150, datasets: 3_000, depth: 6, seed: 7 });
    // more datasets than one document of searches holds: the graph below them is walked, three hops a request
    expect(verdict.blastRadius.length).toBeGreaterThan(256);
    expect(stats.byOperation.JanusDownstreamModels ?? 0).toBe(0);
    expect(stats.byOperation.JanusDownstreamWalk).toBeGreaterThanOrEqual(1);
    expect(stats.requests).toBeLessThanOrEqual(3);
    expect(verdict.blastRadius.every((b) => b.models.length > 0)).toBe(true);
  });

  it('reads the training set in a second round when DataHub lineage does not reach it, with the same verdict', async () => {
    const withJob = await requestsToJudge(6);
    const without = await requestsToJudge(6, withoutTrainingJobs);
    // mlModelTrainingData is no lineage edge: a second read, from the training set
    expect(without.byOperation).toMatchObject({ JanusUpstreamReach: 2 });
    expect(withJob.byOperation).toMatchObject({ JanusUpstreamReach: 1 });
    const findings = (v: typeof withJob.verdict) => v.findings.map((f) => f.key).sort();
    expect(findings(without.verdict)).toEqual(findings(withJob.verdict));
    expect(without.verdict.score).toBe(withJob.verdict.score);
  });
});
