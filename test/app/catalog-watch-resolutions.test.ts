import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogWatch } from '../../src/app/catalog-watch.js';
import { writeBackModels } from '../../src/app/write-back.js';
import { judgePolicy } from '../../src/config/index.js';
import { judgeSchema } from '../../src/config/judge.js';
import { keyOf } from '../../src/core/writeback/conventions.js';
import { createDataHubClient, type DataHubClient } from '../../src/datahub/client.js';
import { datasetsIncidentsOp } from '../../src/datahub/queries/incident.js';
import { DEMO } from '@janus/datahub-sim/demo';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { setStatusInDataHub } from '../support/incident-status.js';

const policy = judgePolicy(judgeSchema.parse({}));
let sim: RunningSim;
let client: DataHubClient;
beforeAll(async () => {
  sim = await startSim({ demo: true, port: 0 });
  client = createDataHubClient({ url: sim.url });
  expect((await writeBackModels({ client, policy }, 'all', { keepVerdicts: false })).failed).toEqual([]);
});
afterAll(() => sim.close());

const setStatus = (urn: string, input: { state: string; stage: string; message: string }) =>
  setStatusInDataHub(sim.url, urn, input);

describe('an incremental cycle after a person changed a Janus incident', () => {
  it('judges again the models reading its dataset when it left the ACTIVE list, not when it was only acknowledged', async () => {
    const data = await client.request(datasetsIncidentsOp, { urns: [DEMO.datasets.stgSessions] });
    const incident = data.entities![0]!.incidents!.incidents.find(
      (i) => keyOf(i.description) === `upstream_failure:${DEMO.jobs.buildStgSessions}`,
    )!;
    const watch = new CatalogWatch({ client, policy }, { refreshMs: Number.POSITIVE_INFINITY });
    const now = Date.now();
    expect((await watch.cycle(now)).full).toBe(true);
    expect((await watch.cycle(now + 1)).judged).toEqual([]);

    await setStatus(incident.urn, { state: 'ACTIVE', stage: 'INVESTIGATION', message: 'looking' });
    expect((await watch.cycle(now + 2)).judged).toEqual([]);

    await setStatus(incident.urn, { state: 'RESOLVED', stage: 'FIXED', message: 'fixed, I think' });
    const after = await watch.cycle(now + 3);
    expect(after.full).toBe(false);
    expect(after.judged.map((j) => j.model.name)).toEqual([DEMO.modelNames.sessionIntent]);
  });
});
