import { afterEach, describe, expect, it } from 'vitest';
import { judgeCatalog } from '../../src/app/judge-catalog.js';
import { createDataHubClient } from '../../src/datahub/client.js';
import { EntityCache } from '../../src/datahub/entity-cache.js';
import { readEntities, readUpstream } from '../../src/datahub/read-upstream.js';
import { readUpstreamReach } from '../../src/datahub/read-reach.js';
import { readDatasetsActiveIncidents, readDatasetsIncidents } from '../../src/datahub/read-dataset-incidents.js';
import { ingestProposalBatch, type Proposal } from '@janus/datahub-sim/ingest-client';
import { assertions, incidents, MODEL, NOW, SOURCE, wideModel } from '../support/long-lists.js';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { policy } from '../app/write-back-helpers.js';

/** Lists an entity's read brings a first page of (upstream edges, incidents, assertions) are read to their end. */

let sim: RunningSim | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

async function simWith(proposals: Proposal[]) {
  sim = await startSim({ demo: false, port: 0, now: () => NOW });
  for (let i = 0; i < proposals.length; i += 5000)
    expect((await ingestProposalBatch(sim.url, proposals.slice(i, i + 5000))).status).toBe(200);
  sim.resetStats();
  return { sim, client: createDataHubClient({ url: sim.url }) };
}

describe('a model with 1,001 features', () => {
  it('keeps all its upstream edges in a catalog read, with one request more', async () => {
    const { sim, client } = await simWith(wideModel(1001));
    const { catalog } = await judgeCatalog({ client, policy, now: () => NOW }, () => {});
    const graph = catalog.upstreamGraph(MODEL);
    const features = Object.keys(graph.nodes).filter((u) => u.startsWith('urn:li:mlFeature:'));
    expect(features).toHaveLength(1001);
    expect(sim.stats().byOperation.JanusListRest).toBe(1);
  });

  it('keeps them in a model read and in a reach read', async () => {
    const { client } = await simWith(wideModel(1001));
    const cache = new EntityCache();
    await readUpstream(client, MODEL, cache);
    expect(cache.lineageUpstreams(cache.get(MODEL)!)).toHaveLength(1001);
    const reach = await readUpstreamReach(client, MODEL);
    expect(reach.cache.lineageUpstreams(reach.cache.get(MODEL)!)).toHaveLength(1001);
  });

  it('asks nothing more when every list came whole', async () => {
    const { sim, client } = await simWith(wideModel(1000));
    await readEntities(client, [MODEL], new EntityCache());
    expect(sim.stats().byOperation).toEqual({ JanusEntities: 1 });
  });
});

describe('a dataset with more incidents and assertions than a page', () => {
  it('reads its 101 active incidents and 101 assertions whole', async () => {
    const { sim, client } = await simWith([...wideModel(1), ...incidents(101), ...assertions(101)]);
    const cache = new EntityCache();
    await readEntities(client, [SOURCE], cache);
    const raw = cache.get(SOURCE)!;
    expect(raw.incidents?.incidents).toHaveLength(101);
    expect(new Set(raw.incidents?.incidents.map((i) => i.urn)).size).toBe(101);
    expect(raw.assertions?.assertions).toHaveLength(101);
    expect(sim.stats().byOperation).toEqual({ JanusEntities: 1, JanusListRest: 1 });
  });

  it('reads them whole where the write-back looks for its own incidents (active, and in any state)', async () => {
    const { client } = await simWith([...wideModel(1), ...incidents(101)]);
    const [active] = await readDatasetsActiveIncidents(client, [SOURCE]);
    const [all] = await readDatasetsIncidents(client, [SOURCE]);
    expect(active?.incidents?.incidents).toHaveLength(101);
    expect(all?.incidents?.incidents).toHaveLength(101);
  });

  it('refuses to judge a dataset whose active incidents pass the search index window (10,000)', async () => {
    const { client } = await simWith([...wideModel(1), ...incidents(10_000)]);
    await expect(readEntities(client, [SOURCE], new EntityCache())).rejects.toMatchObject({
      code: 'datahub.incomplete',
    });
  }, 60_000);
});
