import { describe, expect, it } from 'vitest';
import type { IncidentView } from '../../src/app/incident-action.js';
import { memoryIncidentLocks } from '../../src/app/incident-lock.js';
import { RAISED_STATUS, statusFingerprint, type IncidentStatus } from '../../src/core/incident-status.js';
import type { Block, SlackMessage } from '../../src/slack/present/kit.js';
import { editRecorded, recordPosted } from '../../src/slack/alerts/incident-record.js';
import { planCycle } from '../../src/slack/alerts/plan-cycle.js';
import { incidentsShownIn } from '../../src/slack/incident-blocks.js';
import { MemoryIncidentMessages } from '../../src/slack/incident-messages.js';
import { showIncident, type SlackIncidentApi } from '../../src/slack/incident-show.js';
import { band, cleared, context, model, raised, staged } from './alert-fixtures.js';
import { blockProblems } from './fake-slack.js';

/** The alert messages as delivery posts and edits them, recorded for the buttons and the reverse sync. */

const URN = 'urn:li:incident:0f1e2d3c';
const CHANNEL = 'C0PLATFORM';
const TS = '1760000001.000100';
const ltv = model('customer_ltv_v2');
const routes = { 'data-platform-alerts': { models: [ltv.urn], mentions: [] } };

/** The alert's parent as posted, then as a follow-up and the recovery edit it (the planner's own messages). */
function alertMessages() {
  const first = planCycle([staged(raised([ltv]), routes)], context());
  const posted = first.deliveries[0]!.message;
  const [id, alert] = Object.entries(first.states)[0]!;
  const next = context({ states: first.states, live: { [alert.key]: id }, byModel: { [ltv.urn]: [id] } });
  const followup = planCycle([staged(band(ltv, 'caution', 'at_risk', { score: 20 }), {})], next).deliveries[0]!.parent!;
  const recovery = planCycle([staged(cleared({ moved: [ltv] }), {})], next).deliveries[0]!.parent!;
  return { posted, followup, recovery };
}

function world() {
  const messages = new MemoryIncidentMessages();
  const sent: { ts: string; blocks: Block[] }[] = [];
  const api: SlackIncidentApi = {
    update: async (_c, ts, _t, blocks) => void sent.push({ ts, blocks }),
    reply: async () => undefined,
    ephemeral: async () => undefined,
    profile: async () => ({}),
    memberByEmail: async () => undefined,
  };
  const deps = { messages, locks: memoryIncidentLocks() };
  const edit = (next: SlackMessage) =>
    editRecorded(deps, { channel: CHANNEL, ts: TS }, next, async (m) => void sent.push({ ts: TS, blocks: m.blocks }));
  return { messages, sent, api, deps, edit };
}

const status = (s: Partial<IncidentStatus>): IncidentStatus => ({
  ...RAISED_STATUS,
  updatedAt: 1_760_000_000_000,
  updatedBy: 'urn:li:corpuser:janus',
  ...s,
});
const view = (s: IncidentStatus): IncidentView => ({ urn: URN, title: 'stg_transactions failed', status: s });
const acked = status({ stage: 'INVESTIGATION', message: 'Acknowledged by Erin Walsh (erin@acme.example) in Slack.' });

describe('alert messages in the incident-message store', () => {
  it('a posted alert is recorded as showing its incident as raised; a reply without buttons is not', async () => {
    const w = world();
    const { posted } = alertMessages();
    expect(incidentsShownIn(posted.blocks)).toEqual([URN]);
    await recordPosted(w.deps, { channel: CHANNEL, ts: TS }, posted);
    await recordPosted(w.deps, { channel: CHANNEL, ts: '1760000002.000100', threadTs: TS }, { text: 'x', blocks: [] });
    expect((await w.messages.find(URN)).map((m) => [m.ts, m.shown[URN]])).toEqual([
      [TS, statusFingerprint(RAISED_STATUS)],
    ]);
    expect(await w.messages.tracked()).toEqual([URN]);
  });

  it('the reverse sync leaves an alert alone while its incident is as raised, and redraws it once it is not', async () => {
    const w = world();
    await recordPosted(w.deps, { channel: CHANNEL, ts: TS }, alertMessages().posted);
    // what the sync runs for each message of a tracked incident, with the status DataHub answered
    expect(await showIncident(w, { channel: CHANNEL, ts: TS }, view(status({})))).toBe(false);
    expect(await showIncident(w, { channel: CHANNEL, ts: TS }, view(acked))).toBe(true);
    expect(JSON.stringify(w.sent[0]!.blocks)).toContain('Acknowledged');
  });

  it('a follow-up edit keeps the controls a click drew (who acknowledged), and the store still matches DataHub', async () => {
    const w = world();
    const { posted, followup } = alertMessages();
    await recordPosted(w.deps, { channel: CHANNEL, ts: TS }, posted);
    await showIncident(w, { channel: CHANNEL, ts: TS }, view(acked));
    await w.edit(followup);
    const edited = w.sent.at(-1)!.blocks;
    const text = JSON.stringify(edited);
    expect(text).toContain('caution → at risk (20)');
    expect(text).toContain('Acknowledged');
    expect(text).not.toContain('janus.incident.ack');
    expect(text).toContain('janus.incident.resolve');
    expect(text).toContain('open_report');
    expect(blockProblems(edited)).toEqual([]);
    const stored = (await w.messages.get(CHANNEL, TS))!;
    expect(stored.blocks).toEqual(edited);
    expect(stored.shown[URN]).toBe(statusFingerprint(acked));
    // nothing for the sync to redraw: the message shows what DataHub says
    expect(await showIncident(w, { channel: CHANNEL, ts: TS }, view(acked))).toBe(false);
  });

  it('a follow-up on an alert nobody acted on keeps its buttons and the raised status', async () => {
    const w = world();
    const { posted, followup } = alertMessages();
    await recordPosted(w.deps, { channel: CHANNEL, ts: TS }, posted);
    await w.edit(followup);
    expect(JSON.stringify(w.sent.at(-1)!.blocks)).toContain('janus.incident.ack');
    expect((await w.messages.get(CHANNEL, TS))!.shown[URN]).toBe(statusFingerprint(RAISED_STATUS));
  });

  it('the recovery: an alert nobody acted on is no longer tracked; a person’s resolution stays on it', async () => {
    const w = world();
    const { posted, recovery } = alertMessages();
    expect(incidentsShownIn(recovery.blocks)).toEqual([]);
    await recordPosted(w.deps, { channel: CHANNEL, ts: TS }, posted);
    await w.edit(recovery);
    expect(await w.messages.get(CHANNEL, TS)).toBeUndefined();
    expect(await w.messages.find(URN)).toEqual([]);

    const v = world();
    await recordPosted(v.deps, { channel: CHANNEL, ts: TS }, posted);
    const fixed = status({ state: 'RESOLVED', stage: 'FIXED', message: 'Resolved by Erin Walsh (e@x) in Slack: done' });
    await showIncident(v, { channel: CHANNEL, ts: TS }, view(fixed));
    await v.edit(recovery);
    const text = JSON.stringify(v.sent.at(-1)!.blocks);
    expect(text).toContain('Argos stands down');
    expect(text).toContain('Resolved: fixed');
    expect((await v.messages.get(CHANNEL, TS))!.shown[URN]).toBe(statusFingerprint(fixed));
  });
});
