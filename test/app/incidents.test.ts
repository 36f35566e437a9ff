import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { janusIncidentsForModel } from '../../src/app/incidents.js';
import { createDataHubClient } from '../../src/datahub/client.js';
import { DEMO } from '@janus/datahub-sim/demo';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { policy, scanAll } from './write-back-helpers.js';

let sim: RunningSim;
beforeAll(async () => {
  sim = await startSim({ demo: true, port: 0 });
  await scanAll(sim);
});
afterAll(() => sim.close());

const incidentsOf = (model: string) =>
  janusIncidentsForModel({ client: createDataHubClient({ url: sim.url }), policy }, model);

describe('janusIncidentsForModel', () => {
  it('lists the Janus incidents upstream of a model, with state and stage', async () => {
    const list = await incidentsOf('session_intent_v1');
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      dataset: DEMO.datasets.stgSessions,
      state: 'ACTIVE',
      stage: 'TRIAGE',
      priority: 'HIGH',
    });
    expect(list[0]!.key).toBe(`upstream_failure:${DEMO.jobs.buildStgSessions}`);
  });

  it('counts a leak only for the model that leaks, not for other readers of the shared column', async () => {
    expect((await incidentsOf('fraud_detector_v4')).map((i) => i.key.split(':')[0])).toEqual(['target_leakage']);
    expect(await incidentsOf('customer_ltv_v2')).toEqual([]);
  });

  it('keeps resolved incidents, marked as such', async () => {
    const [leak] = await incidentsOf('fraud_detector_v4');
    await fetch(`${sim.url}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: `mutation { updateIncidentStatus(urn: "${leak!.urn}", input: { state: RESOLVED, stage: NO_ACTION_REQUIRED }) }`,
      }),
    });
    expect((await incidentsOf('fraud_detector_v4'))[0]).toMatchObject({
      urn: leak!.urn,
      state: 'RESOLVED',
      stage: 'NO_ACTION_REQUIRED',
    });
  });
});
