import { Registry } from 'prom-client';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DEMO } from '@janus/datahub-sim/demo';
import { startService, type RunningService } from '../../src/compose/service.js';
import { judgePolicy } from '../../src/config/index.js';
import { cycleSchema } from '../../src/config/cycle.js';
import { judgeSchema } from '../../src/config/judge.js';
import { createDataHubClient } from '../../src/datahub/client.js';
import { JOB } from '../../src/jobs/names.js';
import { createLogger } from '../../src/log.js';
import { eventually, REDIS_URL } from '../support/service.js';
import {
  alertsWorld,
  CHANNELS,
  disconnect,
  jobRun,
  stgTransactionsCheck,
  textOf,
  type AlertsWorld,
} from './alerts-setup.js';
import type { FakeMessage } from './fake-slack.js';

/**
 * Issue 38, probe finding 2: a Slack that answers `chat.postMessage` after the client gave up (the post still lands)
 * got every alert posted three to five times. The alerts' service in this process (its cycle, the consumer, the
 * delivery worker) on Redis under its own prefix, against the demo catalog in the simulator and a fake Slack over
 * HTTP: each post answered only after the client's timeout, each alert must be there once, and what follows must go
 * to that one message. And an owners' channel Slack says is archived: its alert goes to the fallback channel.
 */

/** The client gives up on a call after this long; the slow fake answers each post later still. */
const TIMEOUT_MS = 250;
const LATE_MS = 700;

const worlds: AlertsWorld[] = [];
const services: RunningService[] = [];
afterEach(async () => {
  await Promise.all(services.splice(0).map((s) => s.close(2_000)));
  await Promise.all(worlds.splice(0).map((w) => w.close()));
});
afterAll(disconnect);

async function world(opts: Parameters<typeof alertsWorld>[0] = {}): Promise<AlertsWorld> {
  const w = await alertsWorld(opts);
  worlds.push(w);
  return w;
}

/** Janus's service with Slack alerts on, in this process: the settings `janus serve` would read from the world's env. */
async function serve(w: AlertsWorld): Promise<RunningService> {
  const service = await startService({
    redisUrl: REDIS_URL,
    prefix: w.prefix,
    cycle: cycleSchema.parse({ interval: '1s', jobLockMs: 2000 }),
    client: createDataHubClient({ url: w.sim.url }),
    policy: judgePolicy(judgeSchema.parse({})),
    logger: createLogger({ level: 'silent' }),
    registry: new Registry(),
    scheduler: true,
    workers: true,
    alerts: {
      botToken: w.env.SLACK_BOT_TOKEN!,
      apiUrl: w.slack.apiUrl,
      fallbackChannel: `#${CHANNELS.fallback}`,
      digestAbove: 10,
      escalateAfterMs: 3_600_000,
      userCacheTtlMs: 60_000,
      channelGapMs: 200,
      orphanPings: false,
      apiTimeoutMs: TIMEOUT_MS,
    },
  });
  services.push(service);
  return service;
}

/** Deliveries still to be made (the alert timers' schedule rides the same queue and never ends). */
async function undelivered(service: RunningService): Promise<number> {
  const jobs = await service.queues.slack.getJobs(['wait', 'active', 'delayed', 'prioritized']);
  return jobs.filter((j) => j?.name === JOB.deliver).length;
}

const deliveryOf = (m: FakeMessage) => String(m.metadata?.event_payload.delivery_id ?? '');

/** Every message Slack holds, by the delivery that posted it: a delivery posted twice has two. */
function postsByDelivery(messages: FakeMessage[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const m of messages) counts.set(deliveryOf(m), (counts.get(deliveryOf(m)) ?? 0) + 1);
  return counts;
}

const withText = (w: AlertsWorld, channel: string, text: string) =>
  w.parents(channel).filter((m) => textOf(m).includes(text));

describe('a Slack slower than the client’s timeout (issue 38)', () => {
  it('gets each alert exactly once, found by its metadata instead of posted again; follow-ups go to that message', async () => {
    // every demo channel has the bot in it: a refusal answered late would be lost too, and tried again
    const w = await world({
      channels: (slack) => {
        slack.addChannel({ name: CHANNELS.growthMl });
        slack.answerLate('chat.postMessage', LATE_MS);
      },
    });
    const service = await serve(w);

    // the demo's four root causes, each once in every owning channel
    await eventually(
      () =>
        w.parents(CHANNELS.growthMl).length >= 3 &&
        w.parents(CHANNELS.riskMl).length >= 1 &&
        w.parents(CHANNELS.dataPlatform).length >= 1,
      'the first alerts',
      30_000,
    );
    await eventually(async () => (await undelivered(service)) === 0, 'every first alert delivered', 30_000);
    expect(w.parents(CHANNELS.riskMl)).toHaveLength(1);
    // the leak is fraud_detector_v4's own: its owners hear of it, the table's (#data-platform-alerts) do not
    expect(w.parents(CHANNELS.dataPlatform)).toHaveLength(1);
    expect(w.parents(CHANNELS.growthMl)).toHaveLength(3);

    // a failing check upstream of two models, then a second root cause moving customer_ltv_v2 further
    await w.ingest(stgTransactionsCheck('FAILURE'));
    const failure = await eventually(
      () => withText(w, CHANNELS.dataPlatform, 'Upstream failure: stg_transactions')[0],
      'the failure alert',
      30_000,
    );
    await w.ingest(jobRun(DEMO.jobs.buildCustomerProfile, 'FAILURE'));
    const worse = (channel: string, ts: string) =>
      w.slack.replies(channel, ts).filter((r) => r.text.includes('*customer_ltv_v2* moved caution → at risk'));
    await eventually(() => worse(CHANNELS.dataPlatform, failure.ts).length > 0, 'the follow-up', 30_000);
    const ml = await eventually(
      () => withText(w, CHANNELS.mlPlatform, 'Upstream failure: stg_transactions')[0],
      'the alert in #ml-platform',
      30_000,
    );
    await eventually(() => worse(CHANNELS.mlPlatform, ml.ts).length > 0, 'the follow-up in #ml-platform', 30_000);
    await eventually(async () => (await undelivered(service)) === 0, 'everything delivered', 30_000);

    // each post was answered after the client gave up, and each was looked for before being sent again
    const posts = w.slack.calls.filter((c) => c.method === 'chat.postMessage');
    const looks = w.slack.calls.filter((c) => c.method === 'conversations.history');
    const threadLooks = w.slack.calls.filter((c) => c.method === 'conversations.replies');
    expect(looks.length).toBeGreaterThan(0);
    expect(threadLooks.length).toBeGreaterThan(0);
    expect([...looks, ...threadLooks].every((c) => c.body.include_all_metadata === 'true' && c.body.oldest)).toBe(true);

    // every message once: one post a delivery, each carrying its delivery's id
    const byDelivery = postsByDelivery(w.slack.messages);
    expect(w.slack.messages.every((m) => m.metadata?.event_type === 'janus_delivery')).toBe(true);
    expect([...byDelivery].filter(([, n]) => n > 1)).toEqual([]);
    expect(posts.length).toBe(w.slack.messages.length);
    expect(withText(w, CHANNELS.dataPlatform, 'Upstream failure: stg_transactions')).toHaveLength(1);
    expect(withText(w, CHANNELS.mlPlatform, 'Upstream failure: stg_transactions')).toHaveLength(1);

    // the follow-ups went to that one message's thread, once, and it was edited in place
    expect(worse(CHANNELS.dataPlatform, failure.ts)).toHaveLength(1);
    expect(worse(CHANNELS.mlPlatform, ml.ts)).toHaveLength(1);
    expect(w.slack.messages.filter((m) => m.thread_ts && !w.slack.messages.some((p) => p.ts === m.thread_ts))).toEqual(
      [],
    );
    const edited = w.slack.messages.find((m) => m.ts === failure.ts)!;
    await eventually(() => textOf(edited).includes('caution → at risk'), 'the parent edited');
    expect(w.problems()).toEqual([]);
    expect(w.slack.unexpected).toEqual([]);
  }, 120_000);
});

describe('an owners’ channel Slack will not take', () => {
  it('archived: its alert goes to the fallback channel, saying which channel could not be reached', async () => {
    const w = await world({ channels: (slack) => slack.addChannel({ name: CHANNELS.riskMl, archived: true }) });
    const service = await serve(w);
    const fallback = () => withText(w, CHANNELS.fallback, 'Target leakage');
    await eventually(() => fallback().length >= 1, 'the alert in the fallback channel', 30_000);
    await eventually(async () => (await undelivered(service)) === 0, 'every first alert delivered', 30_000);
    expect(fallback()).toHaveLength(1);
    expect(textOf(fallback()[0]!)).toContain('could not post in #risk-ml-oncall (is_archived)');
    // an archived channel is not joined, and nothing was kept as failed
    const risk = w.slack.channel(CHANNELS.riskMl)!.id;
    expect(w.slack.calls.filter((c) => c.method === 'conversations.join' && c.body.channel === risk)).toEqual([]);
    expect((await service.queues.slack.getFailed()).map((j) => j.failedReason)).toEqual([]);
    expect(w.slack.unexpected).toEqual([]);
  }, 60_000);
});
