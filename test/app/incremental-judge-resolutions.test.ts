import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IncrementalJudge } from '../../src/app/incremental-judge.js';
import { writeBackModels } from '../../src/app/write-back.js';
import { judgePolicy } from '../../src/config/index.js';
import { judgeSchema } from '../../src/config/judge.js';
import { keyOf } from '../../src/core/writeback/conventions.js';
import { createDataHubClient, type DataHubClient } from '../../src/datahub/client.js';
import { datasetsIncidentsOp } from '../../src/datahub/queries/incident.js';
import { DEMO } from '@janus/datahub-sim/demo';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { setIncidentStatus } from '../support/datahub-ui.js';

const policy = judgePolicy(judgeSchema.parse({}));
let sim: RunningSim;
let client: DataHubClient;
beforeAll(async () => {
  sim = await startSim({ demo: true, port: 0 });
  client = createDataHubClient({ url: sim.url });
  expect((await writeBackModels({ client, policy }, 'all', { keepVerdicts: false })).failed).toEqual([]);
});
afterAll(() => sim.close());

describe('an incremental cycle after a person changed a Janus incident', () => {
  it('judges again the models reading its dataset when it left the ACTIVE list, not when it was only acknowledged', async () => {
    const data = await client.request(datasetsIncidentsOp, { urns: [DEMO.datasets.stgSessions] });
    const incident = data.entities![0]!.incidents!.incidents.find(
      (i) => keyOf(i.description) === `upstream_failure:${DEMO.jobs.buildStgSessions}`,
    )!;
    const incremental = new IncrementalJudge({ client, policy }, { refreshMs: Number.POSITIVE_INFINITY });
    const now = Date.now();
    expect((await incremental.cycle(now)).full).toBe(true);
    expect((await incremental.cycle(now + 1)).judged).toEqual([]);

    await setIncidentStatus(sim, incident.urn, { state: 'ACTIVE', stage: 'INVESTIGATION', message: 'looking' });
    expect((await incremental.cycle(now + 2)).judged).toEqual([]);

    await setIncidentStatus(sim, incident.urn, { state: 'RESOLVED', stage: 'FIXED', message: 'fixed, I think' });
    const after = await incremental.cycle(now + 3);
    expect(after.full).toBe(false);
    expect(after.judged.map((j) => j.model.name)).toEqual([DEMO.modelNames.sessionIntent]);
  });
});
