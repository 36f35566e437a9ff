import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '@janus/datahub-sim/demo';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { writeBackModels } from '../../src/app/write-back.js';
import { judgePolicy } from '../../src/config/index.js';
import { judgeSchema } from '../../src/config/judge.js';
import { acceptancesOf } from '../../src/core/acceptance/stored.js';
import { createDataHubClient, type DataHubClient } from '../../src/datahub/client.js';
import { readIncidentFacts } from '../../src/datahub/incident-facts.js';
import { judgeModel } from '../../src/app/judge-model.js';
import { eventually } from '../support/service.js';
import { startFakeSlack, type FakeSlack } from './fake-slack.js';
import {
  alertMessage,
  CAROL,
  callsOf,
  clickButton,
  ERIN,
  incidentOf,
  postInteraction,
  SESSIONS_KEY,
  startJanusWithIncidents,
  viewSubmission,
  withIncidentMethods,
  type JanusWithIncidents,
  type Json,
} from './incident-slack.js';

const policy = judgePolicy(judgeSchema.parse({}));

let sim: RunningSim;
let slack: FakeSlack;
let janus: JanusWithIncidents;
let client: DataHubClient;
let failed: string;

beforeAll(async () => {
  sim = await startSim({ demo: true, port: 0 });
  client = createDataHubClient({ url: sim.url });
  const scan = await writeBackModels({ client, policy }, 'all', { keepVerdicts: false });
  expect(scan.failed).toEqual([]);
  failed = await incidentOf(client, DEMO.datasets.stgSessions, SESSIONS_KEY);
  slack = await startFakeSlack();
  withIncidentMethods(slack, [ERIN, CAROL]);
  janus = await startJanusWithIncidents({ datahub: sim.url, slack });
});
afterAll(async () => {
  await janus?.close();
  await slack?.close();
  await sim?.close();
});
afterEach(() => {
  expect(slack.unexpected).toEqual([]);
});

/** Resolve clicked by `who` on the alert about the failed job's incident: the modal Slack was asked to open. */
async function openResolve(who: typeof CAROL, ts: string): Promise<Json> {
  const before = callsOf(slack, 'views.open').length;
  const { res } = await clickButton(slack, janus.endpoint, {
    user: who,
    actionId: 'janus.incident.resolve',
    value: failed,
    message: alertMessage(failed, ts),
  });
  expect(res.status).toBe(200);
  const [open] = await eventually(() => {
    const opened = callsOf(slack, 'views.open').slice(before);
    return opened.length ? opened : undefined;
  }, 'views.open');
  return open!.view as Json;
}

/** The modal submitted by `who` as Accept the risk for 30 days. */
async function submitAccept(who: typeof CAROL, view: Json, note: string): Promise<void> {
  const submit = await postInteraction(
    janus.endpoint,
    viewSubmission({
      user: who.id,
      privateMetadata: view.private_metadata,
      stage: 'NO_ACTION_REQUIRED',
      note,
      days: '30',
    }),
  );
  expect(submit.status).toBe(200);
}

/** What session_intent_v1 (below stg_sessions) holds, what stg_sessions holds, and its verdict, read from DataHub. */
async function stored() {
  const { graph, verdict } = await judgeModel({ client, policy }, DEMO.modelNames.sessionIntent);
  return {
    onModel: acceptancesOf(graph.nodes[graph.model]!.structuredProperties),
    onDataset: acceptancesOf(graph.nodes[DEMO.datasets.stgSessions]!.structuredProperties, DEMO.datasets.stgSessions),
    verdict,
  };
}

describe("Accept the risk on a dataset's finding (Bolt, signed payloads, the simulator)", () => {
  it('a stranger is refused and nothing is written; the owner accepts once, on the dataset, not on the models', async () => {
    // carol owns neither stg_sessions nor a model below it: her submission of the form is refused
    await submitAccept(CAROL, await openResolve(ERIN, '1760003001.000100'), 'fine by me');
    await eventually(
      () => callsOf(slack, 'chat.postEphemeral').some((m) => m.user === CAROL.id && /may act/.test(m.text)),
      'the refusal',
    );
    expect((await stored()).onDataset).toEqual([]);

    const upserts = () => sim.stats().byRootField.upsertStructuredProperties ?? 0;
    const before = upserts();
    await submitAccept(ERIN, await openResolve(ERIN, '1760003002.000100'), 'job rerun scheduled tonight');
    await eventually(
      async () => (await readIncidentFacts(client, failed))!.status.state === 'RESOLVED',
      'the incident resolved',
    );
    const { onModel, onDataset, verdict } = await stored();
    expect(onModel).toEqual([]);
    expect(onDataset).toEqual([
      expect.objectContaining({
        key: SESSIONS_KEY,
        by: 'erin.walsh',
        reason: 'job rerun scheduled tonight',
        on: DEMO.datasets.stgSessions,
      }),
    ]);
    expect(upserts() - before).toBe(1);
    expect(verdict.findings.map((f) => f.key)).not.toContain(SESSIONS_KEY);
    expect(verdict.accepted?.map((a) => a.acceptance.by)).toEqual(['erin.walsh']);
  });
});
