import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { requireBuiltCli } from '../cli/run-janus.js';
import { eventually } from '../support/service.js';
import {
  alertsWorld,
  CHANNELS,
  disconnect,
  SLACK_IDS,
  stgTransactionsCheck,
  textOf,
  type AlertsWorld,
} from './alerts-setup.js';

const worlds: AlertsWorld[] = [];
const world = async (opts?: Parameters<typeof alertsWorld>[0]) => {
  const w = await alertsWorld(opts);
  worlds.push(w);
  return w;
};
beforeAll(requireBuiltCli);
afterEach(async () => {
  await Promise.all(worlds.splice(0).map((w) => w.close()));
});
afterAll(disconnect);

const withText = (w: AlertsWorld, channel: string, text: string) =>
  w.parents(channel).filter((m) => textOf(m).includes(text));

describe('Argos alerts in Slack (janus serve, the simulator, a fake Slack)', () => {
  it('routes each root cause to its owners’ channels once, mentions them, threads what follows, stands down, and never reposts', async () => {
    const w = await world();
    const serve = w.serve();
    await serve.ready;
    // first start: the demo's four root causes, each once in every owning channel
    await eventually(
      () => w.parents(CHANNELS.growthMl).length >= 3 && w.parents(CHANNELS.riskMl).length >= 1,
      'the first alerts',
    );
    await w.cycles(2);
    const leakage = w.parents(CHANNELS.riskMl);
    expect(leakage).toHaveLength(1);
    expect(textOf(leakage[0]!)).toContain('Target leakage: stg_chargebacks');
    expect(textOf(leakage[0]!)).toContain(`<@${SLACK_IDS.dev}>`);
    expect(textOf(leakage[0]!)).toContain('fraud_detector_v4');
    // the root cause's own owners hear of it too; carol's email is unknown to Slack: DataHub's Slack id for her
    expect(w.parents(CHANNELS.dataPlatform).map((m) => m.text)).toHaveLength(2);
    expect(textOf(withText(w, CHANNELS.dataPlatform, 'Target leakage')[0]!)).toContain(
      `<@${SLACK_IDS.carolFromDataHub}>`,
    );
    // the bot was not in #growth-ml-alerts, a public channel: it joined, then posted
    expect(w.slack.calls.some((c) => c.method === 'conversations.join')).toBe(true);
    expect(w.parents(CHANNELS.growthMl)).toHaveLength(3);
    // the training set without any owner: its alert still reaches the model's owners
    expect(withText(w, CHANNELS.growthMl, 'No owner: uplift_training_set')).toHaveLength(1);

    // a failing check upstream of two models: one message per channel, listing both where both are owned
    const before = w.slack.messages.length;
    await w.ingest(stgTransactionsCheck('FAILURE'));
    await eventually(
      () => withText(w, CHANNELS.mlPlatform, 'Upstream failure: stg_transactions').length === 1,
      'the failure alert',
    );
    await eventually(
      () => withText(w, CHANNELS.dataPlatform, 'Upstream failure: stg_transactions').length === 1,
      'the failure alert',
    );
    const failure = withText(w, CHANNELS.dataPlatform, 'Upstream failure: stg_transactions')[0]!;
    expect(textOf(failure)).toContain('customer_ltv_v2');
    expect(textOf(failure)).toContain('fraud_detector_v4');
    expect(textOf(failure)).toContain('janus.incident.ack');
    expect(textOf(failure)).toContain('urn:li:incident:');
    expect(textOf(withText(w, CHANNELS.mlPlatform, 'Upstream failure')[0]!)).toContain(`<@${SLACK_IDS.alice}>`);

    // five quiet cycles: nothing more is said
    await w.cycles(1);
    const said = w.slack.messages.length;
    const edits = w.slack.messages.reduce((n, m) => n + m.edits.length, 0);
    expect(said).toBeGreaterThan(before);
    await w.cycles(5);
    expect(w.slack.messages.length).toBe(said);
    expect(w.slack.messages.reduce((n, m) => n + m.edits.length, 0)).toBe(edits);

    // a restart: the same alerts are not posted again
    expect(await serve.stop()).toBe(0);
    const again = w.serve();
    await again.ready;
    await w.cycles(3);
    expect(w.slack.messages.length).toBe(said);

    // the check passes again: Argos stands down in the thread, and the parent says resolved
    await w.ingest(stgTransactionsCheck('SUCCESS'));
    await eventually(
      () => w.slack.replies(CHANNELS.dataPlatform, failure.ts).some((r) => r.text.includes('Argos stands down')),
      'the recovery reply',
    );
    const parent = w.slack.messages.find((m) => m.ts === failure.ts)!;
    await eventually(() => parent.text.startsWith('Resolved'), 'the parent marked resolved');
    expect(textOf(parent)).not.toContain('janus.incident.ack');
    expect(withText(w, CHANNELS.dataPlatform, 'Upstream failure: stg_transactions')).toHaveLength(1);
    expect(w.problems()).toEqual([]);
    expect(w.slack.unexpected).toEqual([]);
  }, 180_000);
});
