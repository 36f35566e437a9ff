import { Queue } from 'bullmq';
import { beforeAll, describe, expect, it } from 'vitest';
import { requireBuiltCli } from '../cli/run-janus.js';
import {
  committedCycle,
  emittedTransitions,
  moreCycles,
  REDIS_URL,
  serviceBed,
  stillToWrite,
} from '../support/service.js';

// Failures (a worker killed, DataHub failing): service-failures.test.ts.
const setup = () => serviceBed({ env: { JANUS_JOB_LOCK_MS: '2000' } });

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
});
