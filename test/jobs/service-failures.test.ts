import { beforeAll, describe, expect, it } from 'vitest';
import { keyOf } from '../../src/core/writeback/conventions.js';
import { createDataHubClient } from '../../src/datahub/client.js';
import { datasetsIncidentsOp } from '../../src/datahub/queries/incident.js';
import type { RunningSim, SimOptions } from '@janus/datahub-sim';
import { requireBuiltCli } from '../cli/run-janus.js';
import { committedCycle, eventually, serviceBed, stillToWrite } from '../support/service.js';

const setup = (sim: SimOptions = {}) => serviceBed({ sim, env: { JANUS_JOB_LOCK_MS: '2000' } });

/** Every Janus incident in DataHub on the demo catalog's datasets, by finding key. */
async function janusIncidents(sim: RunningSim): Promise<Map<string, string[]>> {
  const client = createDataHubClient({ url: sim.url, retry: { retries: 10 } });
  const urns = [...sim.store.all('dataset')].map((e) => e.urn);
  const data = await client.request(datasetsIncidentsOp, { urns });
  const byKey = new Map<string, string[]>();
  for (const d of data.entities ?? [])
    for (const i of d?.incidents?.incidents ?? []) {
      const key = keyOf(i.description);
      if (key && i.incidentStatus.state === 'ACTIVE') byKey.set(key, [...(byKey.get(key) ?? []), i.urn]);
    }
  return byKey;
}

describe('janus serve as a service, when parts fail (Redis, the simulator, child processes)', () => {
  beforeAll(requireBuiltCli);
  it('scales out over workers: a worker killed mid-cycle leaves its jobs to the others, and nothing is raised twice', async () => {
    const { sim, state, start } = await setup({ latencyMs: 60 });
    const serve = start('serve', {}, ['--no-workers']);
    const workers = [
      start('worker', { JANUS_CYCLE_WRITE_CHUNK: '1', JANUS_WORKER_CONCURRENCY: '1' }),
      start('worker', { JANUS_CYCLE_WRITE_CHUNK: '1', JANUS_WORKER_CONCURRENCY: '1' }),
    ];
    await Promise.all([serve.ready, ...workers.map((w) => w.ready)]);
    // the worker that judged the first cycle dies as its write jobs fan out
    const judging = await eventually(
      () => workers.find((w) => w.logs.some((l) => l.msg === 'cycle judged')),
      'a worker judging a cycle',
    );
    judging.kill();
    await committedCycle(state, 'the first cycle committed by the surviving worker', 40_000);
    const incidents = await janusIncidents(sim);
    expect(incidents.size).toBeGreaterThan(0);
    for (const [key, urns] of incidents) expect(urns, key).toHaveLength(1);
    expect(await stillToWrite(sim)).toEqual([]);
  });

  it('completes its cycles through a DataHub failing one request in five, recording none done before its writes landed', async () => {
    const { sim, state, start } = await setup({ failRate: 0.2, faults: ['500'] });
    const serve = start('serve', { JANUS_DATAHUB_RETRIES: '0' });
    await serve.ready;
    await committedCycle(state, 'a cycle committed', 40_000);
    expect(sim.stats().faults['500']).toBeGreaterThan(0);
    expect(await stillToWrite(sim)).toEqual([]);
    const failures = serve.logs.filter((l) => l.msg === 'job failed');
    expect(failures.length).toBeGreaterThan(0);
  });
});
