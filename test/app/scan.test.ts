import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanModels } from '../../src/app/scan.js';
import { judgePolicy } from '../../src/config/index.js';
import { judgeSchema } from '../../src/config/judge.js';
import { createDataHubClient, type DataHubClient } from '../../src/datahub/client.js';
import { listModels } from '../../src/datahub/read-catalog.js';
import { startSim, type RunningSim } from '@janus/datahub-sim';

let sim: RunningSim;
beforeAll(async () => {
  sim = await startSim({ demo: true, port: 0 });
});
afterAll(() => sim.close());

describe('a whole-catalog scan', () => {
  it('reads each entity once, however many models share it', async () => {
    const real = createDataHubClient({ url: sim.url });
    const read: string[] = [];
    const client: DataHubClient = {
      ...real,
      // batch reads go through requestPartial: GMS may fail one entity's field and answer the rest
      requestPartial: (op, vars) => {
        if (op.name === 'JanusEntities') read.push(...(vars as { urns: string[] }).urns);
        return real.requestPartial(op, vars);
      },
    };
    const models = await listModels(client);
    const verdicts = await scanModels({ client, policy: judgePolicy(judgeSchema.parse({})) }, { models });
    expect(verdicts).toHaveLength(5);
    expect(read.length).toBeGreaterThan(20);
    expect(read.length).toBe(new Set(read).size);
  });
});
