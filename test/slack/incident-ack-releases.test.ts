import { afterEach, describe, expect, it } from 'vitest';
import { writeBackModels } from '../../src/app/write-back.js';
import { judgePolicy } from '../../src/config/index.js';
import { judgeSchema } from '../../src/config/judge.js';
import { keyOf } from '../../src/core/writeback/conventions.js';
import { createDataHubClient } from '../../src/datahub/client.js';
import { readIncidentFacts } from '../../src/datahub/incident-facts.js';
import { datasetsIncidentsOp } from '../../src/datahub/queries/incident.js';
import { DEMO } from '@janus/datahub-sim/demo';
import { startSim, type DataHubRelease } from '@janus/datahub-sim';
import { startFakeSlack } from './fake-slack.js';
import {
  alertMessage,
  clickButton,
  ERIN,
  SESSIONS_KEY,
  startJanusWithIncidents,
  updatesOf,
  withIncidentMethods,
} from './incident-slack.js';
import { eventually } from '../support/service.js';

// Issue 35: the Acknowledge button on each DataHub release. It reads the incident (its status: `Incident.status`
// before v1.3.0) and writes updateIncident (status and assignees: both releases have `assigneeUrns`), through Bolt and
// the fake Slack as in incident-buttons.test.ts.
const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

describe.each<DataHubRelease>(['1.0.0', '1.3.0'])('Acknowledge in Slack on DataHub %s', (release) => {
  it('an owner acknowledges: the incident is ACTIVE / INVESTIGATION naming them, assigned to them, and the message says so', async () => {
    const sim = await startSim({ demo: true, port: 0, datahubVersion: release });
    closers.push(() => sim.close());
    const client = createDataHubClient({ url: sim.url });
    const scan = await writeBackModels({ client, policy: judgePolicy(judgeSchema.parse({})) }, 'all', {
      keepVerdicts: false,
    });
    expect(scan.failed).toEqual([]);
    const data = await client.request(datasetsIncidentsOp, { urns: [DEMO.datasets.stgSessions] });
    const incident = data.entities?.[0]?.incidents?.incidents.find((i) => keyOf(i.description) === SESSIONS_KEY);
    expect(incident).toBeDefined();
    expect((await readIncidentFacts(client, incident!.urn))?.status).toMatchObject({
      state: 'ACTIVE',
      stage: 'TRIAGE',
    });

    const slack = await startFakeSlack();
    closers.push(() => slack.close());
    withIncidentMethods(slack, [ERIN]);
    const janus = await startJanusWithIncidents({ datahub: sim.url, slack });
    closers.push(() => janus.close());
    const message = alertMessage(incident!.urn, '1760009001.000100');
    const { res } = await clickButton(slack, janus.endpoint, {
      user: ERIN,
      actionId: 'janus.incident.ack',
      value: incident!.urn,
      message,
    });
    expect(res.status).toBe(200);
    const [update] = await eventually(() => {
      const list = updatesOf(slack, message.ts);
      return list.length ? list : undefined;
    }, `chat.update of ${message.ts}`);
    expect(JSON.stringify(update!.blocks)).toContain('*Acknowledged* by Erin Walsh');
    expect((await readIncidentFacts(client, incident!.urn))?.status).toMatchObject({
      state: 'ACTIVE',
      stage: 'INVESTIGATION',
      message: 'Acknowledged by Erin Walsh (erin.walsh@acmepay.example) in Slack.',
    });
    expect((await readIncidentFacts(client, incident!.urn))?.people.assignees).toEqual([
      { urn: 'urn:li:corpuser:erin.walsh', name: 'Erin Walsh' },
    ]);
    expect(slack.unexpected).toEqual([]);
  });
});
