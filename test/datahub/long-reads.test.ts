import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { generateCatalog, GENERATED_NOW } from '@janus/datahub-sim/generate';
import { loadConfig } from '../../src/config/index.js';
import { ConfigError } from '../../src/errors.js';
import { createDataHubClient } from '../../src/datahub/client.js';
import { EntityCache } from '../../src/datahub/entity-cache.js';
import { listModels } from '../../src/datahub/read-catalog.js';
import { readNeeded } from '../../src/datahub/read-needed.js';

let sim: RunningSim | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

const records = generateCatalog({ models: 6, datasets: 80, depth: 4, seed: 2 });

describe("long reads under GMS's 55 s", () => {
  it('reads a batch GMS answered 503 (its request timeout) again in halves, never whole again', async () => {
    sim = await startSim({ records, port: 0, now: () => GENERATED_NOW, requestTimeoutMs: 200 });
    const client = createDataHubClient({ url: sim.url, retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 2 } });
    const models = await listModels(client);
    const whole = new EntityCache();
    await readNeeded(client, models, whole);

    sim.resetStats();
    // the first three entity reads run past the (shortened) timeout: the batch of every model, then both its halves
    sim.slowAnswers.plant({ field: 'entities', ms: 500, times: 3 });
    const split = new EntityCache();
    await readNeeded(client, models, split);
    const statuses = sim.requests().map((r) => r.status);
    expect(statuses.filter((s) => s === 503)).toHaveLength(3);
    expect(split.unread.size).toBe(0);
    expect([...split.keys()].sort()).toEqual([...whole.keys()].sort());
  });

  it('refuses a deadline DataHub would never let a request reach', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'janus-config-'));
    let problems: string[] = [];
    try {
      loadConfig({ env: { JANUS_DATAHUB_LONG_READ_TIMEOUT_MS: '120000' }, cwd: dir });
    } catch (e) {
      if (!(e instanceof ConfigError)) throw e;
      problems = e.problems;
    }
    expect(problems.join('\n')).toMatch(/longReadTimeoutMs.*55 s/);
    expect(loadConfig({ env: {}, cwd: dir }).datahub.longReadTimeoutMs).toBeLessThan(55_000);
  });
});
