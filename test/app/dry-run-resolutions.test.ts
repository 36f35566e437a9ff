import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { janusIncidentsForModel } from '../../src/app/incidents.js';
import { writeBackModels } from '../../src/app/write-back.js';
import type { PlannedWrite } from '../../src/core/writeback/plan.js';
import { createDataHubClient } from '../../src/datahub/client.js';
import { DEMO } from '@janus/datahub-sim/demo';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { setStatusInDataHub } from '../support/incident-status.js';
import { policy, scanAll } from './write-back-helpers.js';

/**
 * A dry run plans what the write-back would do, a person's resolutions included: the read of the causes' past
 * incidents (read-resolutions.ts, one `JanusDatasetsIncidents`) changes its plan, so a dry run makes it too.
 */

let sim: RunningSim;
const SESSIONS_KEY = `upstream_failure:${DEMO.jobs.buildStgSessions}`;

beforeAll(async () => {
  sim = await startSim({ demo: true, port: 0 });
  await scanAll(sim);
});
afterAll(() => sim.close());

const deps = () => ({ client: createDataHubClient({ url: sim.url }), policy, reportBaseUrl: 'http://janus.test' });
const incidentWrites = (plan: PlannedWrite[]) =>
  plan.flatMap((w) =>
    w.kind === 'raiseIncident' || w.kind === 'reopenIncident' || w.kind === 'resolveIncident' ? [[w.kind, w.key]] : [],
  );

describe('a dry run after a person resolved an incident', () => {
  it('plans no incident for a NO_ACTION_REQUIRED cause, and a reopening for a FIXED one still there, as a scan would', async () => {
    const [incident] = await janusIncidentsForModel(deps(), 'session_intent_v1');
    expect(incident!.key).toBe(SESSIONS_KEY);

    await setStatusInDataHub(sim.url, incident!.urn, {
      state: 'RESOLVED',
      stage: 'NO_ACTION_REQUIRED',
      message: 'Resolved by Carol Diaz (carol.diaz@acmepay.example) in Slack: expected, the job is retired',
    });
    sim.resetStats();
    const dry = await writeBackModels(deps(), 'all', { dryRun: true, keepVerdicts: false });
    expect(sim.stats().byOperation.JanusDatasetsIncidents).toBe(1);
    expect(incidentWrites(dry.plan)).toEqual([]);
    expect(sim.stats().mutations).toBe(0);

    await setStatusInDataHub(sim.url, incident!.urn, {
      state: 'RESOLVED',
      stage: 'FIXED',
      message: 'Resolved by Carol Diaz (carol.diaz@acmepay.example) in Slack: rerun',
    });
    const fixed = await writeBackModels(deps(), 'all', { dryRun: true, keepVerdicts: false });
    expect(incidentWrites(fixed.plan)).toEqual([['reopenIncident', SESSIONS_KEY]]);
    // the scan itself plans the same
    const scan = await writeBackModels(deps(), 'all', { keepVerdicts: false });
    expect(scan.plan).toEqual(fixed.plan);
    expect(scan.failed).toEqual([]);
  });
});
