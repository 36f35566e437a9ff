import { afterEach, describe, expect, it } from 'vitest';
import { judgeModel } from '../../src/app/judge-model.js';
import { judgePolicy } from '../../src/config/index.js';
import { judgeSchema } from '../../src/config/judge.js';
import { assess } from '../../src/core/verdict.js';
import { JudgmentSession } from '../../src/core/session.js';
import { createDataHubClient } from '../../src/datahub/client.js';
import { readBlastRadius } from '../../src/datahub/read-blast-radius.js';
import { readDownstreamModels } from '../../src/datahub/read-downstream.js';
import { buildGraph } from '../../src/core/build-graph.js';
import { EntityCache } from '../../src/datahub/entity-cache.js';
import { readUpstreamReach, type UpstreamReach } from '../../src/datahub/read-reach.js';
import { demoCatalog } from '@janus/datahub-sim/demo';
import { generateCatalog, GENERATED_NOW } from '@janus/datahub-sim/generate';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { sampleOf } from '../support/thorough.js';

// The one-request upstream read and the walked blast radius against what they replace: a lineage scroll with
// batched entity reads, and a lineage search per offending dataset. Same graphs, same verdicts.

const policy = judgePolicy(judgeSchema.parse({}));
const STALE = GENERATED_NOW + 365 * 24 * 3600_000;
const graphOf = (model: string, reach: UpstreamReach) => buildGraph(model, reach.reached, reach.cache);
type Mcp = { entityUrn?: string; aspectName?: string; aspect?: { json?: Record<string, unknown> } };

let sim: RunningSim | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

/** Reaches of about 320: lineage search answers them from the graph ("lightning"), soft-deleted entities included. */
const LARGER = generateCatalog({ models: 4, datasets: 600, depth: 6, seed: 3 });

const modelsOf = (records: unknown[]) => [
  ...new Set(
    (records as Mcp[]).map((r) => r.entityUrn).filter((u): u is string => !!u && u.startsWith('urn:li:mlModel:')),
  ),
];

/** The generated catalog with one dataset in the middle of the lineage soft-deleted: a walk passes through it. */
function withSoftDeleted(records: unknown[]): unknown[] {
  const mid = (records as Mcp[]).find((r) => r.entityUrn?.includes('layer_2.'))!.entityUrn!;
  return [
    ...records,
    {
      entityType: 'dataset',
      entityUrn: mid,
      changeType: 'UPSERT',
      aspectName: 'status',
      aspect: { json: { removed: true } },
    },
  ];
}

/** One model reached only through soft-deleted entities: its features and training jobs all removed. */
function withModelBehindRemoved(records: unknown[]): unknown[] {
  const props = (records as Mcp[]).find(
    (r) => r.aspectName === 'mlModelProperties' && r.entityUrn?.includes('model_00002'),
  )!.aspect!.json!;
  const hidden = [...(props.mlFeatures as string[]), ...((props.trainingJobs as string[] | undefined) ?? [])];
  expect(hidden.length).toBeGreaterThan(1);
  const removed = (urn: string) => ({
    entityType: urn.split(':')[2],
    entityUrn: urn,
    changeType: 'UPSERT',
    aspectName: 'status',
    aspect: { json: { removed: true } },
  });
  return [...records, ...hidden.map(removed)];
}

/**
 * Models compared a catalog by default, seeded (the first and last among them); every model under JANUS_THOROUGH=1
 * (CONTRIBUTING.md). Each model costs both reads against the simulator.
 */
const VERDICT_MODELS = 3;
const WALKED_MODELS = 4;

async function verdictsBothWays(records: unknown[], now: number) {
  sim = await startSim({ records, port: 0, now: () => now });
  const client = createDataHubClient({ url: sim.url });
  const out = [];
  for (const model of sampleOf(modelsOf(records), VERDICT_MODELS)) {
    // a shared cache takes the scroll and batched reads; none, the one-request reach
    const old = await judgeModel({ client, policy, now: () => now, cache: new EntityCache() }, model);
    sim.resetStats();
    const reach = await judgeModel({ client, policy, now: () => now }, model);
    out.push({
      model,
      old: old.verdict,
      reach: reach.verdict,
      nodes: [Object.keys(old.graph.nodes).sort(), Object.keys(reach.graph.nodes).sort()],
      requests: sim.stats().byOperation,
    });
  }
  return out;
}

describe('the one-request upstream read', () => {
  it.each([
    ['the demo catalog', () => demoCatalog(GENERATED_NOW), GENERATED_NOW],
    [
      'a generated catalog of reaches past 300 (answered from the graph), stale, one dataset soft-deleted',
      () => withSoftDeleted(LARGER),
      STALE,
    ],
  ])('%s: the verdicts a scroll and batched reads give (3 seeded models)', async (_name, records, now) => {
    const runs = await verdictsBothWays(records(), now);
    for (const r of runs) {
      expect(r.reach, r.model).toEqual(r.old);
      expect(r.nodes[1], r.model).toEqual(r.nodes[0]);
      expect(r.requests.JanusUpstreamReach, r.model).toBeLessThanOrEqual(2);
      expect(r.requests.JanusUpstream ?? 0).toBe(0);
    }
  });

  it('answers the reach from the graph on the larger catalog, the soft-deleted dataset in it', async () => {
    const records = withSoftDeleted(LARGER);
    sim = await startSim({ records, port: 0, now: () => STALE });
    const removed = (records.at(-1) as Mcp).entityUrn!;
    const query = `query($u: String!) { searchAcrossLineage(input: { urn: $u, direction: UPSTREAM, query: "*", count: 1000, orFilters: [{ and: [{ field: "degree", values: ["1", "2", "3+"] }] }] }) { lineageSearchPath searchResults { entity { urn } } } }`;
    const answers = await Promise.all(
      modelsOf(records).map(async (u) => {
        const res = await fetch(`${sim!.url}/api/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query, variables: { u } }),
        });
        return (
          (await res.json()) as {
            data: { searchAcrossLineage: { lineageSearchPath: string; searchResults: { entity: { urn: string } }[] } };
          }
        ).data.searchAcrossLineage;
      }),
    );
    expect(answers.map((a) => a.lineageSearchPath)).toContain('LIGHTNING');
    expect(
      answers.some((a) => a.lineageSearchPath === 'LIGHTNING' && a.searchResults.some((r) => r.entity.urn === removed)),
    ).toBe(true);
  });

  it('reads a reach longer than its slices in more requests', async () => {
    const records = generateCatalog({ models: 4, datasets: 60, depth: 4, seed: 7 });
    sim = await startSim({ records, port: 0, now: () => GENERATED_NOW });
    const client = createDataHubClient({ url: sim.url });
    const model = modelsOf(records)[0]!;
    const whole = graphOf(model, await readUpstreamReach(client, model));
    // the same read at 3 results a slice: 12 a request
    sim.resetStats();
    const sliced = graphOf(model, await readUpstreamReach(client, model, [], 3));
    expect(sim.stats().byOperation.JanusUpstreamReach).toBe(Math.ceil(Object.keys(whole.nodes).length / 12));
    expect(Object.keys(sliced.nodes).sort()).toEqual(Object.keys(whole.nodes).sort());
    expect(Object.keys(whole.nodes).length).toBeGreaterThan(12);
  });
});

describe('the blast radius walked down', () => {
  it.each([
    ['a generated catalog, stale', () => generateCatalog({ models: 8, datasets: 120, depth: 6, seed: 11 }), STALE],
    [
      'the same at its own date',
      () => generateCatalog({ models: 8, datasets: 120, depth: 6, seed: 11 }),
      GENERATED_NOW,
    ],
    [
      'with a model reached only through soft-deleted features and jobs',
      () => withModelBehindRemoved(generateCatalog({ models: 6, datasets: 90, depth: 6, seed: 3 })),
      STALE,
    ],
    [
      'with a soft-deleted dataset mid-lineage',
      () => withSoftDeleted(generateCatalog({ models: 6, datasets: 90, depth: 6, seed: 3 })),
      STALE,
    ],
    ['the demo catalog', () => demoCatalog(GENERATED_NOW), STALE],
  ])(
    '%s: every offending dataset lists the models a lineage search finds (4 seeded models)',
    async (_name, records, now) => {
      const recs = records();
      sim = await startSim({ records: recs, port: 0, now: () => now });
      const client = createDataHubClient({ url: sim.url });
      let compared = 0;
      for (const model of sampleOf(modelsOf(recs), WALKED_MODELS)) {
        const reach = await readUpstreamReach(client, model);
        const { offending } = assess(new JudgmentSession(policy, now), graphOf(model, reach));
        if (!offending.length) continue;
        sim.resetStats();
        const walked = await readBlastRadius(client, offending, reach.downstream, 0);
        // walked to the end: no dataset sent back to the searches
        expect(sim.stats().byOperation.JanusDownstreamModels ?? 0).toBe(0);
        const searched = await readDownstreamModels(client, offending);
        expect(walked, model).toEqual(searched);
        compared += offending.length;
      }
      expect(compared).toBeGreaterThan(0);
    },
  );
});
