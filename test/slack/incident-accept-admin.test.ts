import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '@janus/datahub-sim/demo';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { writeBackModels } from '../../src/app/write-back.js';
import { judgeModel } from '../../src/app/judge-model.js';
import { judgePolicy } from '../../src/config/index.js';
import { judgeSchema } from '../../src/config/judge.js';
import { acceptancesOf } from '../../src/core/acceptance/stored.js';
import { createDataHubClient, type DataHubClient } from '../../src/datahub/client.js';
import { readIncidentFacts } from '../../src/datahub/incident-facts.js';
import { eventually } from '../support/service.js';
import { startFakeSlack, type FakeSlack } from './fake-slack.js';
import {
  alertMessage,
  callsOf,
  clickButton,
  incidentOf,
  postInteraction,
  startJanusWithIncidents,
  viewSubmission,
  withIncidentMethods,
  type JanusWithIncidents,
  type Json,
  type Member,
} from './incident-slack.js';

/** Alice owns neither the leak's table (Carol, Data Platform) nor fraud_detector_v4 (Dev, Risk ML): admin by Slack id. */
const ALICE: Member = { id: 'U0ALICE01', name: 'Alice Chen', email: 'alice.chen@acmepay.example' };
const policy = judgePolicy(judgeSchema.parse({}));

let sim: RunningSim;
let slack: FakeSlack;
let janus: JanusWithIncidents;
let client: DataHubClient;
let leak: string;

beforeAll(async () => {
  sim = await startSim({ demo: true, port: 0 });
  client = createDataHubClient({ url: sim.url });
  expect((await writeBackModels({ client, policy }, 'all', { keepVerdicts: false })).failed).toEqual([]);
  leak = await incidentOf(client, DEMO.datasets.stgChargebacks, /^target_leakage:/);
  slack = await startFakeSlack();
  withIncidentMethods(slack, [ALICE]);
  janus = await startJanusWithIncidents({ datahub: sim.url, slack, env: { JANUS_SLACK_ADMINS: 'U0ALICE01' } });
});
afterAll(async () => {
  await janus?.close();
  await slack?.close();
  await sim?.close();
});
afterEach(() => {
  expect(slack.unexpected).toEqual([]);
});

describe("Resolve's Accept the risk by an admin listed by Slack id (Bolt, signed payloads, the simulator)", () => {
  it('accepts for 30 days on fraud_detector_v4, by her DataHub user, and resolves the incident', async () => {
    const before = callsOf(slack, 'views.open').length;
    const { res } = await clickButton(slack, janus.endpoint, {
      user: ALICE,
      actionId: 'janus.incident.resolve',
      value: leak,
      message: alertMessage(leak, '1760003001.000100'),
    });
    expect(res.status).toBe(200);
    const [open] = await eventually(() => {
      const opened = callsOf(slack, 'views.open').slice(before);
      return opened.length ? opened : undefined;
    }, 'views.open');
    const view = open!.view as Json;
    const submit = await postInteraction(
      janus.endpoint,
      viewSubmission({
        user: ALICE.id,
        privateMetadata: view.private_metadata,
        stage: 'NO_ACTION_REQUIRED',
        note: 'model retired next week',
        days: '30',
      }),
    );
    expect(submit.status).toBe(200);
    await eventually(
      async () => (await readIncidentFacts(client, leak))!.status.state === 'RESOLVED',
      'the incident resolved',
    );
    const { graph } = await judgeModel({ client, policy }, DEMO.modelNames.fraud);
    expect(acceptancesOf(graph.nodes[graph.model]!.structuredProperties)).toEqual([
      expect.objectContaining({ by: 'alice.chen', reason: 'model retired next week', source: 'datahub' }),
    ]);
    expect(callsOf(slack, 'chat.postEphemeral').filter((m) => /may act/.test(String(m.text)))).toEqual([]);
  });
});
