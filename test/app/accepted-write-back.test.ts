import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { DEMO } from '@janus/datahub-sim/demo';
import { acceptRisk } from '../../src/app/accept-risk.js';
import { janusIncidentsForModel } from '../../src/app/incidents.js';
import { writeBackModels } from '../../src/app/write-back.js';
import type { PlannedWrite } from '../../src/core/writeback/plan.js';
import { createDataHubClient } from '../../src/datahub/client.js';
import { readTokenPerson } from '../../src/datahub/read-token-person.js';
import { demoFindingKeys } from '../support/demo-verdicts.js';
import { policy, scanAll } from './write-back-helpers.js';

let sim: RunningSim;
beforeAll(async () => {
  sim = await startSim({ demo: true, port: 0 });
  await scanAll(sim);
});
afterAll(() => sim.close());

const [LEAK] = demoFindingKeys('fraud');
const client = () => createDataHubClient({ url: sim.url });
const deps = () => ({ client: client(), policy, reportBaseUrl: 'http://janus.test' });
const incidentWrites = (plan: PlannedWrite[]) =>
  plan.flatMap((w) =>
    w.kind === 'raiseIncident' || w.kind === 'reopenIncident' || w.kind === 'resolveIncident' ? [[w.kind, w.key]] : [],
  );

describe('the write-back of an accepted finding', () => {
  it('scores the model 100, trusted, and leaves its incident to people: never resolved by Janus as cleared', async () => {
    const leakIncident = async () =>
      (await janusIncidentsForModel(deps(), 'fraud_detector_v4')).find((i) => i.key === LEAK);
    expect(await leakIncident()).toMatchObject({ state: 'ACTIVE' });
    const admin = (await readTokenPerson(client()))!.urn;
    await acceptRisk({ client: client(), policy, admins: [admin] }, 'fraud_detector_v4', {
      finding: 'target_leakage',
      reason: 'backfill running',
    });
    const scan = await writeBackModels(deps(), 'all');
    expect(scan.failed).toEqual([]);
    expect(incidentWrites(scan.plan)).toEqual([]);
    expect(scan.plan).toContainEqual({ kind: 'setTrust', model: DEMO.models.fraud, score: 100, band: 'trusted' });
    // still there, as the person left it: the finding was accepted, not fixed
    expect(await leakIncident()).toMatchObject({ state: 'ACTIVE' });
  });
});
