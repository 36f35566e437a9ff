import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisVerdictHistory } from '../../src/history/index.js';
import { DEMO } from '@janus/datahub-sim/demo';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { cleanPrefix, REDIS_URL, testPrefix } from '../support/service.js';
import { requireBuiltCli, runJanus } from './run-janus.js';
import { demoScore, demoVerdict } from '../support/demo-verdicts.js';

// this file's own key prefix (JANUS_REDIS_PREFIX), every key under it deleted afterwards
const PREFIX = testPrefix();
let sim: RunningSim;
let redis: Redis;
beforeAll(async () => {
  sim = await startSim({ demo: true, port: 0 });
  redis = new Redis(REDIS_URL);
});
afterAll(async () => {
  await sim.close();
  await cleanPrefix(PREFIX);
  redis.disconnect();
});

describe('janus scan with Redis', () => {
  beforeAll(requireBuiltCli);
  it('records every verdict in the scan history', async () => {
    const started = Date.now();
    const r = await runJanus(['scan', '--all'], { DATAHUB_GMS_URL: sim.url, REDIS_URL, JANUS_REDIS_PREFIX: PREFIX });
    expect(r.code, r.stderr).toBe(0);
    const history = new RedisVerdictHistory(redis, { prefix: `${PREFIX}:` });
    const [latest] = await history.history(DEMO.models.sessionIntent, 1);
    expect(latest).toMatchObject({ score: demoScore('sessionIntent'), band: demoVerdict('sessionIntent').band });
    expect(Date.parse(latest!.scannedAt)).toBeGreaterThanOrEqual(started - 1000);
  });
});

describe('janus scan when Redis is unreachable', () => {
  beforeAll(requireBuiltCli);
  it('fails the writes that need a lock with a clear error, writes the rest, and exits 1', async () => {
    const fresh = await startSim({ demo: true, port: 0 });
    const r = await runJanus(['scan', '--model', 'session_intent_v1'], {
      DATAHUB_GMS_URL: fresh.url,
      REDIS_URL: 'redis://127.0.0.1:1',
    });
    await fresh.close();
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/write-back step\(s\) failed: FAILED raiseIncident/);
    expect(r.stdout).toMatch(/setTrust session_intent_v1/);
  });
});
