import { afterEach, describe, expect, it } from 'vitest';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { ingestProposalBatch, type Proposal } from '@janus/datahub-sim/ingest-client';
import { KEY_LINE } from '../../src/core/writeback/conventions.js';
import { createDataHubClient } from '../../src/datahub/client.js';
import { readJanusIncidents } from '../../src/datahub/read-dataset-incidents.js';

/** The one reader of Janus's incidents on datasets (issue 36): a hundred datasets a request, Janus's own only. */

const NOW = 1_767_225_600_000;
const dataset = (i: number) => `urn:li:dataset:(urn:li:dataPlatform:snowflake,shop.t${i},PROD)`;
const stamp = { time: NOW - 60_000, actor: 'urn:li:corpuser:datahub' };
const mcp = (entityType: string, entityUrn: string, aspectName: string, aspect: unknown): Proposal => ({
  entityType,
  entityUrn,
  aspectName,
  aspect: aspect as Record<string, unknown>,
});
const incident = (id: string, on: string, state: 'ACTIVE' | 'RESOLVED', key?: string) =>
  mcp('incident', `urn:li:incident:${id}`, 'incidentInfo', {
    type: 'OPERATIONAL',
    entities: [on],
    status: { state, lastUpdated: stamp },
    source: { type: 'MANUAL' },
    created: stamp,
    ...(key ? { description: `An upstream run failed.\n${KEY_LINE}${key}` } : { description: 'Raised by a person.' }),
  });

let sim: RunningSim | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

describe('readJanusIncidents', () => {
  it('reads the incidents recording a finding key, on 150 datasets in two requests, ACTIVE ones or all', async () => {
    sim = await startSim({ demo: false, port: 0, now: () => NOW });
    const datasets = Array.from({ length: 150 }, (_, i) => dataset(i));
    const proposals = [
      ...datasets.map((d, i) => mcp('dataset', d, 'datasetProperties', { name: `t${i}`, customProperties: {} })),
      incident('a', dataset(0), 'ACTIVE', `upstream_failure:${dataset(0)}`),
      incident('human', dataset(0), 'ACTIVE'),
      incident('old', dataset(0), 'RESOLVED', `upstream_failure:${dataset(0)}`),
      incident('b', dataset(120), 'ACTIVE', `freshness:${dataset(120)}`),
    ];
    expect((await ingestProposalBatch(sim.url, proposals)).status).toBe(200);
    const client = createDataHubClient({ url: sim.url });
    sim.resetStats();

    const active = await readJanusIncidents(client, [...datasets, dataset(0)], 'active');
    expect(active.map((f) => [f.dataset, f.key, f.incident.urn])).toEqual([
      [dataset(0), `upstream_failure:${dataset(0)}`, 'urn:li:incident:a'],
      [dataset(120), `freshness:${dataset(120)}`, 'urn:li:incident:b'],
    ]);
    expect(Object.values(sim.stats().byOperation)).toEqual([2]);

    const all = await readJanusIncidents(client, datasets, 'any');
    expect(all.map((f) => f.incident.urn).sort()).toEqual([
      'urn:li:incident:a',
      'urn:li:incident:b',
      'urn:li:incident:old',
    ]);
    expect(await readJanusIncidents(client, [], 'any')).toEqual([]);
  });
});
