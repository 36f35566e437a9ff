import { Queue } from 'bullmq';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeBackModels } from '../../src/app/write-back.js';
import { judgePolicy } from '../../src/config/index.js';
import { judgeSchema } from '../../src/config/judge.js';
import { keyOf } from '../../src/core/writeback/conventions.js';
import { createDataHubClient } from '../../src/datahub/client.js';
import { datasetsIncidentsOp } from '../../src/datahub/queries/incident.js';
import type { RunningSim, SimOptions } from '../../src/sim/index.js';
import { requireBuiltCli } from '../cli/run-janus.js';
import {
  committedCycle,
  emittedTransitions,
  eventually,
  moreCycles,
  PUBLIC_URL,
  REDIS_URL,
  serviceBed,
} from '../support/service.js';

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

/** What a scan would still write: nothing once the service's write-back has all landed. */
async function stillToWrite(sim: RunningSim): Promise<string[]> {
  const url = PUBLIC_URL;
  const client = createDataHubClient({ url: sim.url, retry: { retries: 10, sleep: async () => undefined } });
  const r = await writeBackModels({ client, policy: judgePolicy(judgeSchema.parse({})), reportBaseUrl: url }, 'all', {
    dryRun: true,
  });
  return r.plan.map((w) => JSON.stringify(w));
}

describe('janus serve as a service (Redis, the simulator, child processes)', () => {
  beforeAll(requireBuiltCli);
  it('judges and writes back every model once, then stays quiet: no further mutation, no transition twice', async () => {
    const { sim, prefix, state, start } = await setup();
    const serve = start('serve', { JANUS_LOG_LEVEL: 'debug' });
    await serve.ready;
    await committedCycle(state, 'the first cycle committed');
    const written = sim.stats().mutations;
    expect(written).toBeGreaterThan(0);
    expect(
      Object.keys(await state.announcedModels(['urn:li:mlModel:(urn:li:dataPlatform:mlflow,fraud_detector_v4,PROD)'])),
    ).toHaveLength(1);
    const first = await emittedTransitions(prefix);
    expect(first.length).toBeGreaterThan(0);
    await moreCycles(state, 5);
    expect(sim.stats().mutations).toBe(written);
    // Janus's own incidents and assertion results are not news to it: no model is judged again
    const quiet = serve.logs.filter((l) => l.msg === 'cycle found nothing new');
    expect(quiet.length).toBeGreaterThanOrEqual(5);
    expect(quiet.map((l) => l.judged)).toEqual(quiet.map(() => 0));
    const after = await emittedTransitions(prefix);
    expect(after.map((t) => t.id).sort()).toEqual(first.map((t) => t.id).sort());
    expect(await stillToWrite(sim)).toEqual([]);
  });

  it('registers one job scheduler however many times it starts: 4 replicas at once, then a restart', async () => {
    const { prefix, start } = await setup();
    const startAndStop = async (n: number) => {
      const serves = Array.from({ length: n }, () => start('serve'));
      await Promise.all(serves.map((s) => s.ready));
      for (const [i, code] of (await Promise.all(serves.map((s) => s.stop()))).entries())
        expect(code, JSON.stringify(serves[i]!.logs.filter((l) => !l.level).map((l) => l.msg))).toBe(0);
    };
    await startAndStop(4);
    await startAndStop(1);
    const queue = new Queue('cycle', { connection: { url: REDIS_URL }, prefix });
    expect(await queue.getJobSchedulersCount()).toBe(1);
    await queue.close();
  });

  it('scales out over workers: a worker killed mid-cycle leaves its jobs to the others, and nothing is raised twice', async () => {
    const { sim, state, start } = await setup({ latencyMs: 60 });
    const serve = start('serve', {}, ['--no-workers']);
    const workers = [
      start('worker', { JANUS_SCAN_WRITE_CHUNK: '1', JANUS_WORKER_CONCURRENCY: '1' }),
      start('worker', { JANUS_SCAN_WRITE_CHUNK: '1', JANUS_WORKER_CONCURRENCY: '1' }),
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
