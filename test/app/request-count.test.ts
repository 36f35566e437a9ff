import { afterEach, describe, expect, it } from 'vitest';
import { judgeModel } from '../../src/app/judge-model.js';
import { judgePolicy } from '../../src/config/index.js';
import { judgeSchema } from '../../src/config/judge.js';
import { createDataHubClient } from '../../src/datahub/client.js';
import { generateCatalog, GENERATED_NOW } from '../../src/sim/generate/index.js';
import { startSim, type RunningSim } from '../../src/sim/index.js';

const policy = judgePolicy(judgeSchema.parse({}));
const MODEL_1 = /mlModel:.*model_0*1,/;

let sim: RunningSim | undefined;
afterEach(() => sim?.close());

async function requestsToJudge(depth: number) {
  const records = generateCatalog({ models: 4, datasets: 6 * depth, depth, seed: 7 });
  sim = await startSim({ records, port: 0, now: () => GENERATED_NOW });
  const model = (records as { entityUrn?: string }[]).map((r) => r.entityUrn).find((u) => u && MODEL_1.test(u))!;
  const client = createDataHubClient({ url: sim.url });
  sim.resetStats();
  const { verdict } = await judgeModel({ client, policy, now: () => GENERATED_NOW }, model);
  const stats = sim.stats();
  await sim.close();
  sim = undefined;
  const blast = stats.byOperation.JanusDownstreamModels ?? 0;
  return { requests: stats.requests, walk: stats.requests - blast, blast, byRootField: stats.byRootField, upstream: verdict.upstreamCount };
}

describe('one trust costs a constant number of requests', () => {
  it('is the same from lineage depth 2 to 20, while the graph grows', async () => {
    const runs = [];
    for (const depth of [2, 6, 12, 20]) runs.push({ depth, ...(await requestsToJudge(depth)) });
    // the walk costs the same at every depth; the blast radius, one request when there is anything to blast
    expect(new Set(runs.map((r) => r.walk)).size, JSON.stringify(runs)).toBe(1);
    for (const r of runs) expect(r.blast).toBeLessThanOrEqual(1);
    // lineage scroll and entity batch, the same again from the training set (not a lineage edge in DataHub,
    // and these generated models have no training job)
    expect(runs[0]!.walk).toBe(4);
    expect(runs[0]!.byRootField.entities).toBe(2);
    expect(runs.at(-1)!.upstream).toBeGreaterThan(runs[0]!.upstream * 3);
  });
});
