import { afterEach, describe, expect, it } from 'vitest';
import { judgeCatalog } from '../../src/app/judge-catalog.js';
import { judgeModel } from '../../src/app/judge-model.js';
import type { UpstreamGraph } from '../../src/core/graph.js';
import type { Verdict } from '../../src/core/verdict.js';
import { createDataHubClient } from '../../src/datahub/client.js';
import { EntityCache } from '../../src/datahub/entity-cache.js';
import { verdictText } from '../../src/render/text.js';
import { generateCatalog, GENERATED_NOW } from '@janus/datahub-sim/generate';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { policy } from './write-back-helpers.js';
import { writeBackModels } from '../../src/app/write-back.js';
import { IncrementalJudge } from '../../src/app/incremental-judge.js';
import { DEMO } from '@janus/datahub-sim/demo';

let sim: RunningSim | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

const now = () => GENERATED_NOW;
const NOW = Date.parse('2026-06-02T12:00:00Z');
const strip = (v: Verdict) => ({ ...v, scannedAt: '' });

/** Everything upstream of a graph's model, walked over its edges (training data and features included). */
function upstreamOf(g: UpstreamGraph): Set<string> {
  const seen = new Set<string>();
  const todo = [g.model];
  while (todo.length)
    for (const up of g.upstreams[todo.pop()!] ?? []) {
      if (seen.has(up)) continue;
      seen.add(up);
      todo.push(up);
    }
  for (const f of g.features) for (const s of g.featureSources[f] ?? []) seen.add(s);
  return seen;
}

async function judgeAll(client: ReturnType<typeof createDataHubClient>) {
  const judged = new Map<string, { verdict: Verdict; graph: UpstreamGraph }>();
  const { cache } = await judgeCatalog({ client, policy, now }, (verdict, graph) => {
    judged.set(verdict.model.urn, { verdict, graph });
  });
  return { judged, cache };
}

describe('a field DataHub fails for one entity of a batch read', () => {
  it('leaves the rest of the read standing: every model judged, the verdicts that needed it name it', async () => {
    sim = await startSim({
      records: generateCatalog({ models: 12, datasets: 300, depth: 6, seed: 3 }),
      port: 0,
      now,
    });
    const client = createDataHubClient({ url: sim.url, retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 2 } });
    const clean = await judgeAll(client);
    // a dataset some models read and others do not (its models: those whose judgment counts it upstream)
    const reads = new Map<string, string[]>();
    for (const [model, { graph }] of clean.judged)
      for (const urn of upstreamOf(graph)) reads.set(urn, [...(reads.get(urn) ?? []), model]);
    const [dataset, needing] = [...reads].find(
      ([urn, models]) => urn.startsWith('urn:li:dataset:') && models.length > 1 && models.length < clean.judged.size,
    )!;
    // as GMS fails it: "Failed to fetch lineage for <urn>", under entities.<i>.upstream, the other entities answered
    sim.fieldFaults.plant({ field: 'lineage', urn: dataset });

    const faulted = await judgeAll(client);
    expect(faulted.cache.unread).toEqual(new Map([[dataset, `Failed to fetch lineage for ${dataset}`]]));
    expect([...faulted.judged.keys()].sort()).toEqual([...clean.judged.keys()].sort());
    for (const [model, { verdict }] of faulted.judged) {
      if (needing.includes(model))
        expect(verdict.unread).toEqual([{ urn: dataset, error: `Failed to fetch lineage for ${dataset}` }]);
      else expect(strip(verdict)).toEqual(strip(clean.judged.get(model)!.verdict));
    }
    const text = verdictText(faulted.judged.get(needing[0]!)!.verdict);
    expect(text).toContain('DataHub failed to answer for 1 entity this judgment needed');
  });

  it('names the model itself when its own read fails, rather than calling it missing', async () => {
    sim = await startSim({ records: generateCatalog({ models: 3, datasets: 40, depth: 4, seed: 1 }), port: 0, now });
    const client = createDataHubClient({ url: sim.url, retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 2 } });
    const { judged } = await judgeAll(client);
    const [model] = [...judged.keys()];
    sim.fieldFaults.plant({ field: 'lineage', urn: model! });
    await expect(judgeModel({ client, policy, now, cache: new EntityCache() }, model!)).rejects.toThrow(
      /could not be read: Failed to fetch lineage/,
    );
  });
});

describe('the write-back of a verdict DataHub could not answer every read of', () => {
  it("writes its root causes but leaves the model's score and band as DataHub holds them", async () => {
    sim = await startSim({ demo: true, port: 0 });
    const client = createDataHubClient({ url: sim.url, retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 2 } });
    sim.fieldFaults.plant({ field: 'lineage', urn: DEMO.datasets.txnFeatures });
    const { verdicts, plan } = await writeBackModels({ client, policy, reportBaseUrl: 'http://janus.test' }, 'all', {
      dryRun: true,
    });
    const partial = verdicts.filter((v) => v.unread?.length).map((v) => v.model.urn);
    const whole = verdicts.filter((v) => !v.unread?.length).map((v) => v.model.urn);
    expect(partial.length).toBeGreaterThan(0);
    expect(whole.length).toBeGreaterThan(0);
    const scored = plan.flatMap((w) => (w.kind === 'setTrust' ? [w.model] : []));
    expect(scored.filter((m) => partial.includes(m))).toEqual([]);
    expect(scored.sort()).toEqual([...whole].sort());
    expect(plan.some((w) => w.kind === 'raiseIncident')).toBe(true);
  });
});

describe("the service's cycle after DataHub failed a field", () => {
  it('asks again for the entities it could not read, and judges their models whole once DataHub answers', async () => {
    sim = await startSim({ demo: true, port: 0, now: () => NOW });
    const client = createDataHubClient({ url: sim.url, retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 2 } });
    const clean = new Map<string, Verdict>();
    await judgeCatalog({ client, policy, now: () => NOW }, (v) => void clean.set(v.model.urn, v));

    sim.fieldFaults.plant({ field: 'lineage', urn: DEMO.datasets.txnFeatures, times: 1 });
    const incremental = new IncrementalJudge({ client, policy }, { refreshMs: Number.POSITIVE_INFINITY });
    const latest = new Map<string, Verdict>();
    await incremental.cycle(NOW, (v) => void latest.set(v.model.urn, v));
    expect([...latest.values()].some((v) => strip(v).upstreamCount !== clean.get(v.model.urn)!.upstreamCount)).toBe(
      true,
    );
    expect([...latest.values()].some((v) => v.unread?.[0]?.urn === DEMO.datasets.txnFeatures)).toBe(true);
    await incremental.cycle(NOW, (v) => void latest.set(v.model.urn, v));
    expect(new Map([...latest].map(([m, v]) => [m, strip(v)]))).toEqual(
      new Map([...clean].map(([m, v]) => [m, strip(v)])),
    );
  });
});
