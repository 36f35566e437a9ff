import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../../src/compose/service.js';
import { judgePolicy } from '../../src/config/index.js';
import { judgeSchema } from '../../src/config/judge.js';
import { cycleSchema } from '../../src/config/cycle.js';
import { keyOf } from '../../src/core/writeback/conventions.js';
import { createDataHubClient } from '../../src/datahub/client.js';
import { readIncidentFacts } from '../../src/datahub/incident-facts.js';
import { datasetsIncidentsOp } from '../../src/datahub/queries/incident.js';
import { createLogger } from '../../src/log.js';
import { DEMO } from '@janus/datahub-sim/demo';
import { ingestProposal } from '@janus/datahub-sim/ingest-client';
import { redisWithPrefixes } from '../support/redis-prefixes.js';
import { eventually, REDIS_URL } from '../support/service.js';
import { setIncidentStatus } from '../support/datahub-ui.js';
import { openResolve, submitResolve, useIncidentBed } from './incident-bed.js';
import {
  alertMessage,
  CAROL,
  callsOf,
  CHANNEL,
  clickButton,
  ERIN,
  SESSIONS_KEY,
  updatesOf as updatesIn,
  type Member,
} from './incident-slack.js';

/**
 * The buttons with Redis (locks and the message store under the service's prefix) and the service's cycles: many
 * clicks at once, DataHub's own changes coming back to Slack, and people's resolutions sticking across cycles.
 */

const policy = judgePolicy(judgeSchema.parse({}));
const { datasets: DATASETS, assertions: ASSERTIONS } = DEMO;
const CHECK_KEY = `upstream_failure:${ASSERTIONS.stgTransactionsRowCount}`;

const { redis, prefix: newPrefix } = redisWithPrefixes();
const prefix = newPrefix();
const bed = useIncidentBed({ members: [ERIN, CAROL], redis, env: { JANUS_REDIS_PREFIX: prefix } });
let service: RunningService | undefined;
let nextTs = 0;
// after hooks run last-registered first: the service stops before the bed and Redis close
afterAll(() => service?.close(5_000));

/** Every cycle re-reads and judges the whole demo catalog, once a second; Slack on, so each cycle syncs messages. */
async function startTheService(): Promise<RunningService> {
  const lines: string[] = [];
  return startService({
    redisUrl: REDIS_URL,
    prefix,
    cycle: cycleSchema.parse({ interval: '1s', refresh: '1s', jobLockMs: 2000 }),
    client: createDataHubClient({ url: bed.sim.url }),
    policy,
    logger: createLogger({ level: 'info', format: 'json', destination: { write: (l: string) => void lines.push(l) } }),
    registry: new Registry(),
    scheduler: true,
    workers: true,
    slack: { botToken: 'xoxb-test-token', apiUrl: bed.slack.apiUrl },
  });
}

/** Resolves once a cycle that started after `since` (ms) has completed. */
async function cycleAfter(since: number): Promise<void> {
  await eventually(
    async () => {
      const last = await service!.state.lastCycle();
      return last && last.at - last.ms > since && !(await service!.state.pending());
    },
    'a cycle started after the change',
    30_000,
  );
}
const cyclesAfter = async (since: number, n: number) => {
  for (let i = 0, t = since; i < n; i++) {
    await cycleAfter(t);
    t = (await service!.state.lastCycle())!.at;
  }
};

/** Janus's incidents of a finding key on a dataset, newest first. */
async function incidentsOf(dataset: string, key: string) {
  const data = await bed.client.request(datasetsIncidentsOp, { urns: [dataset] });
  return (data.entities?.[0]?.incidents?.incidents ?? []).filter((i) => keyOf(i.description) === key);
}
const newMessage = (urn: string) => alertMessage(urn, `1760002${String(++nextTs).padStart(3, '0')}.000100`);
async function click(user: Member, actionId: string, value: string, message: ReturnType<typeof newMessage>) {
  const { res, id, reply } = await clickButton(bed.slack, bed.janus.endpoint, { user, actionId, value, message });
  expect(res.status).toBe(200);
  return { id, reply };
}
const updatesOf = (ts: string) => updatesIn(bed.slack, ts);
const updated = (ts: string, what: RegExp) =>
  eventually(
    () => updatesOf(ts).find((u) => what.test(JSON.stringify(u.blocks))),
    `chat.update of ${ts} ${what}`,
    30_000,
  );
/** Resolves an incident from Slack: Resolve, then the modal submitted. */
async function resolveFromSlack(user: Member, urn: string, message: ReturnType<typeof newMessage>, stage: string) {
  const view = await openResolve(bed, user, urn, message.ts);
  const res = await submitResolve(bed, user, view, {
    stage,
    note: `${stage} per ${user.name}`,
    // "No action required" is Accept the risk: for how long (docs/accepted-risk.md)
    ...(stage === 'NO_ACTION_REQUIRED' ? { days: '30' } : {}),
  });
  expect(res.status).toBe(200);
  await updated(message.ts, /\*Resolved/);
}

describe('before the service runs', () => {
  it('10 clicks at once on one incident: one transition in DataHub, one final message, the rest told who did it', async () => {
    // the incidents, as a first scan raised them
    service = await startTheService();
    await eventually(async () => (await incidentsOf(DATASETS.stgSessions, SESSIONS_KEY)).length > 0, 'the incident');
    await service.close(5_000);
    service = undefined;
    const urn = (await incidentsOf(DATASETS.stgSessions, SESSIONS_KEY))[0]!.urn;
    const message = newMessage(urn);
    bed.sim.resetStats();
    const clicks = await Promise.all(Array.from({ length: 10 }, () => click(ERIN, 'janus.incident.ack', urn, message)));
    await updated(message.ts, /Acknowledged/);
    const ids = new Set(clicks.map((c) => c.id));
    const told = await eventually(() => {
      const list = bed.slack.responses.filter((r) => ids.has(r.id));
      return list.length >= 9 ? list : undefined;
    }, 'the other nine told');
    expect(told).toHaveLength(9);
    for (const r of told) expect(String(r.body.text)).toContain('This incident was already acknowledged by Erin Walsh');
    expect(bed.sim.stats().byOperation.JanusUpdateIncident).toBe(1);
    expect(updatesOf(message.ts)).toHaveLength(1);
    expect((await readIncidentFacts(bed.client, urn))!.status).toMatchObject({
      state: 'ACTIVE',
      stage: 'INVESTIGATION',
    });
  });
});

describe('with the service running', () => {
  beforeAll(async () => {
    service = await startTheService();
    await cycleAfter(Date.now());
  });

  it('resolved through GraphQL directly in DataHub: the Slack message shows it within one cycle', async () => {
    const urn = (await incidentsOf(DATASETS.stgSessions, SESSIONS_KEY))[0]!.urn;
    const message = newMessage(urn);
    // the message is known: the alert saved it, or (here) a click drew it
    await click(ERIN, 'janus.incident.reopen', urn, message).then((c) => c.reply());
    await updated(message.ts, /Acknowledged/);
    const changed = Date.now();
    await setIncidentStatus(bed.sim, urn, {
      state: 'RESOLVED',
      stage: 'NO_ACTION_REQUIRED',
      message: 'Closed in the DataHub UI',
    });
    // the first cycle that takes the cycle lock after the change syncs it: at the latest the second one started after it
    await cyclesAfter(changed, 2);
    const update = updatesOf(message.ts).find((u) => /Resolved: no action required/.test(JSON.stringify(u.blocks)));
    expect(update, 'updated within one cycle of the change').toBeDefined();
    expect(JSON.stringify(update!.blocks)).toContain('Closed in the DataHub UI');
  });

  it("FIXED from Slack while the failure is still there: Janus reopens it, keeping the person's note in DataHub and mentioning them in the thread", async () => {
    const urn = (await incidentsOf(DATASETS.stgSessions, SESSIONS_KEY))[0]!.urn;
    // back open first (the last test left it resolved as no action required: that would suppress it)
    const message = newMessage(urn);
    await click(ERIN, 'janus.incident.reopen', urn, message);
    await updated(message.ts, /Reopened\* by Erin Walsh/);
    await resolveFromSlack(ERIN, urn, message, 'FIXED');
    // nothing was ingested that fixes the job: the next cycles' write-back reopens it
    const reopened = await updated(message.ts, /Reopened\* by Janus/);
    expect(JSON.stringify(reopened.blocks)).toContain('the evidence is still there');
    // her note stays on the message, as part of the reopening
    expect(JSON.stringify(reopened.blocks)).toContain('FIXED per Erin Walsh');
    const reply = await eventually(
      () =>
        callsOf(bed.slack, 'chat.postMessage').find(
          (m) => m.thread_ts === message.ts && /Janus reopened/.test(String(m.text)),
        ),
      'the thread reply',
      30_000,
    );
    expect(reply.channel).toBe(CHANNEL);
    expect(reply.text).toContain('the evidence is still there on stg_sessions');
    expect(reply.text).toContain(`<@${ERIN.id}> had resolved it as fixed, and Janus still sees the problem.`);
    expect(reply.text).toContain('>FIXED per Erin Walsh');
    // DataHub's status message keeps who resolved it, as what, and the note
    const now = (await readIncidentFacts(bed.client, urn))!.status;
    expect(now).toMatchObject({ state: 'ACTIVE', stage: 'TRIAGE' });
    expect(now.message).toMatch(/^Reopened by Janus: the evidence is still there on stg_sessions\./);
    expect(now.message).toContain(
      '\nErin Walsh (erin.walsh@acmepay.example) resolved as Fixed: "FIXED per Erin Walsh"',
    );
    // the thread holds the human record in order: her reopen, her resolution, then Janus's reopening
    const thread = callsOf(bed.slack, 'chat.postMessage')
      .filter((m) => m.thread_ts === message.ts)
      .map((m) => String(m.text).split('\n')[0]);
    expect(thread.slice(0, 3)).toEqual([
      ':rotating_light: *Erin Walsh* reopened this incident.',
      ':white_check_mark: *Erin Walsh* resolved this incident as fixed.',
      expect.stringMatching(/^:rotating_light: Janus reopened this incident: the evidence is still there/),
    ]);
    expect(await incidentsOf(DATASETS.stgSessions, SESSIONS_KEY)).toHaveLength(1);
  });

  it('NO_ACTION_REQUIRED: no new incident for five cycles; the evidence changes: raised again', async () => {
    const failRun = (at: number) =>
      ingestProposal(bed.sim.url, {
        entityType: 'assertion',
        entityUrn: ASSERTIONS.stgTransactionsRowCount,
        aspectName: 'assertionRunEvent',
        aspect: {
          timestampMillis: at,
          runId: `${at}`,
          asserteeUrn: DATASETS.stgTransactions,
          assertionUrn: ASSERTIONS.stgTransactionsRowCount,
          status: 'COMPLETE',
          result: { type: 'FAILURE' },
          partitionSpec: { partition: 'FULL_TABLE_SNAPSHOT', type: 'FULL_TABLE' },
        },
      });
    expect((await failRun(Date.now())).status).toBe(200);
    const [raised] = await eventually(async () => {
      const list = await incidentsOf(DATASETS.stgTransactions, CHECK_KEY);
      return list.length ? list : undefined;
    }, 'the failing check raised');
    const message = newMessage(raised!.urn);
    await resolveFromSlack(CAROL, raised!.urn, message, 'NO_ACTION_REQUIRED');
    expect((await readIncidentFacts(bed.client, raised!.urn))!.status).toMatchObject({
      state: 'RESOLVED',
      stage: 'NO_ACTION_REQUIRED',
    });
    await cyclesAfter(Date.now(), 5);
    const after = await incidentsOf(DATASETS.stgTransactions, CHECK_KEY);
    expect(after.map((i) => [i.urn, i.incidentStatus.state])).toEqual([[raised!.urn, 'RESOLVED']]);

    expect((await failRun(Date.now())).status).toBe(200);
    const again = await eventually(async () => {
      const list = await incidentsOf(DATASETS.stgTransactions, CHECK_KEY);
      return list.length > 1 ? list : undefined;
    }, 'raised again on new evidence');
    expect(again.filter((i) => i.incidentStatus.state === 'ACTIVE')).toHaveLength(1);
    expect(again.find((i) => i.incidentStatus.state === 'ACTIVE')!.urn).not.toBe(raised!.urn);
  });
});
