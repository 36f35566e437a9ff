import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { Redis } from 'ioredis';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { ingestProposal } from '@janus/datahub-sim/ingest-client';
import type { RunningSim } from '@janus/datahub-sim';
import { ASSERTIONS, DATASETS } from '@janus/datahub-sim/demo';
import { requireBuiltCli } from '../cli/run-janus.js';
import { emittedTransitions, eventually, lastLogs, moreCycles, REDIS_URL, serviceBed } from '../support/service.js';

/** `janus serve` on the demo catalog, ready. */
async function demoService(redisUrl = REDIS_URL) {
  const bed = await serviceBed({ redisUrl });
  const serve = bed.start('serve');
  await serve.ready;
  return { ...bed, serve };
}

const checkRun = (sim: RunningSim, result: 'FAILURE' | 'SUCCESS') =>
  ingestProposal(sim.url, {
    entityType: 'assertion',
    entityUrn: ASSERTIONS.stgTransactionsRowCount,
    aspectName: 'assertionRunEvent',
    aspect: {
      timestampMillis: Date.now(),
      runId: `${Date.now()}`,
      asserteeUrn: DATASETS.stgTransactions,
      assertionUrn: ASSERTIONS.stgTransactionsRowCount,
      status: 'COMPLETE',
      result: { type: result },
      partitionSpec: { partition: 'FULL_TABLE_SNAPSHOT', type: 'FULL_TABLE' },
    },
  });

describe('the service tells what changed, once', () => {
  beforeAll(requireBuiltCli);
  it('an ingested failing check is one transition carrying the models it moved; its fix one recovery; quiet cycles nothing', async () => {
    const { sim, prefix, state, serve } = await demoService();
    await moreCycles(state, 1);
    const before = new Set((await emittedTransitions(prefix)).map((t) => t.id));
    expect((await checkRun(sim, 'FAILURE')).status).toBe(200);
    const failing = await eventually(
      async () => {
        const list = (await emittedTransitions(prefix)).filter((t) => !before.has(t.id));
        return list.length ? list : undefined;
        // a guard against a hang, not a target: a cycle on a loaded CI machine can take many seconds
      },
      "the failure's transition",
      60_000,
      lastLogs(serve),
    );
    await moreCycles(state, 2);
    const afterFailure = (await emittedTransitions(prefix)).filter((t) => !before.has(t.id));
    expect(afterFailure).toEqual(failing);
    expect(afterFailure, JSON.stringify(afterFailure)).toHaveLength(1);
    expect(afterFailure[0]).toMatchObject({ kind: 'cause', state: 'raised' });
    expect(afterFailure[0]!.key).toBe(`upstream_failure:${ASSERTIONS.stgTransactionsRowCount}`);

    expect((await checkRun(sim, 'SUCCESS')).status).toBe(200);
    await eventually(
      async () =>
        (await emittedTransitions(prefix)).some((t) => t.state === 'cleared' && t.key === afterFailure[0]!.key),
      'the recovery',
      60_000,
      lastLogs(serve),
    );
    await moreCycles(state, 3);
    const all = (await emittedTransitions(prefix)).filter((t) => !before.has(t.id));
    expect(all.map((t) => `${t.state}:${t.key}`).sort()).toEqual([
      `cleared:${afterFailure[0]!.key}`,
      `raised:${afterFailure[0]!.key}`,
    ]);
  });

  const redisServer = fs.existsSync('/usr/bin/redis-server') ? '/usr/bin/redis-server' : undefined;
  it.skipIf(!redisServer)(
    'keeps serving through a Redis restart: /healthz says 503 naming Redis, then 200, and cycles resume',
    async () => {
      const port = await freePort();
      const start = () =>
        spawn(redisServer!, ['--port', String(port), '--save', '', '--appendonly', 'no', '--bind', '127.0.0.1'], {
          stdio: 'ignore',
        });
      let redis: ChildProcess = start();
      onTestFinished(() => void redis.kill('SIGKILL'));
      const url = `redis://127.0.0.1:${port}`;
      await eventually(() => pings(port), "a Redis of the test's own");
      const { serve, state } = await demoService(url);
      await moreCycles(state, 1);
      const health = async () => {
        const res = await fetch(`${serve.http}/healthz`);
        return { status: res.status, body: (await res.json()) as { redis: string; problems: string[] } };
      };
      expect((await health()).status).toBe(200);
      redis.kill('SIGKILL');
      const down = await eventually(
        async () => ((await health()).status === 503 ? health() : undefined),
        '/healthz 503',
      );
      expect(down.body.redis).toBe('down');
      expect(down.body.problems.join(' ')).toContain('Redis');
      expect((await fetch(`${serve.http}/reports/fraud_detector_v4`)).status).toBe(200); // reports do not need Redis
      redis = start();
      await eventually(async () => (await health()).status === 200, '/healthz 200 again', 30_000);
      await moreCycles(state, 2);
    },
  );
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function pings(port: number): Promise<boolean> {
  const r = new Redis({
    port,
    host: '127.0.0.1',
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  r.on('error', () => undefined); // not up yet
  try {
    await r.connect();
    return (await r.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}
