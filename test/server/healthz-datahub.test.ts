import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { createDataHubClient } from '../../src/datahub/client.js';
import { serviceHealth } from '../../src/jobs/health.js';
import { startFaultyProxy } from '../chaos/faulty-proxy.js';
import { eventually } from '../support/service.js';

// What /healthz says of DataHub (issue 38 probe finding 3: a stopped DataHub was reported up for 53 s).
let sim: RunningSim;
beforeAll(async () => {
  sim = await startSim({ demo: true, port: 0 });
});
afterAll(() => sim.close());

describe('/healthz on DataHub', () => {
  it('says down, naming DataHub, once DataHub stops answering; polled hard, it asks DataHub once', async () => {
    const proxy = await startFaultyProxy(sim.url, 0, 1);
    try {
      // a client that would wait 30 s for each of 4 attempts: the probe's own limit decides
      const client = createDataHubClient({ url: proxy.url, timeoutMs: 30_000, retry: { retries: 3 } });
      const health = serviceHealth({ client, intervalMs: 30_000, startedAt: Date.now(), probeTimeoutMs: 300 });
      const reports = await Promise.all(Array.from({ length: 5 }, () => health()));
      expect(reports.map((r) => r.datahub)).toEqual(['up', 'up', 'up', 'up', 'up']);
      expect(client.sent).toEqual({ JanusCatalogPage: 1 });

      proxy.stop();
      const down = await eventually(async () => {
        const r = await health();
        return r.datahub === 'down' && r;
      }, 'DataHub reported down');
      expect(down.status).toBe('degraded');
      expect(down.problems).toEqual([
        `DataHub at ${proxy.url} is not answering (a one-model read failed or took over 0.3 s)`,
      ]);
      // given up at the probe's limit, never retried
      expect(client.sent.JanusCatalogPage).toBeLessThanOrEqual(3);
    } finally {
      await proxy.close();
    }
  });
});
