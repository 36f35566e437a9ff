import { DelayedError } from 'bullmq';
import { Registry } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import type { DeliveryData, ThreadRecord } from '../../src/jobs/alert-payloads.js';
import { createAlertMetrics } from '../../src/jobs/alert-metrics.js';
import type { AlertStore } from '../../src/jobs/alert-store.js';
import type { JobLike } from '../../src/jobs/processor.js';
import { alertsClient, classify, UNDELIVERABLE_CHANNEL } from '../../src/jobs/slack-client.js';
import { runDelivery, type DeliveryDeps } from '../../src/jobs/slack-delivery.js';
import { recordingLogger } from '../jobs/processors/fakes.js';
import { startFakeSlack, type FakeSlack } from './fake-slack.js';

/**
 * What a failed Web API call means for a delivery, with the real WebClient against the fake Slack over HTTP: an error
 * about the channel goes to the fallback channel, a lost answer is looked for before the post is sent again.
 */

/** Roomy for a call answered at once on a loaded machine; the late answers come well after it. */
const TIMEOUT_MS = 1000;
const LATE_MS = TIMEOUT_MS * 3;
const fakes: FakeSlack[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((f) => f.close()));
});

async function slack() {
  const fake = await startFakeSlack();
  fakes.push(fake);
  fake.addChannel({ name: 'owners' });
  fake.addChannel({ name: 'janus-alerts' });
  const { logger, lines } = recordingLogger();
  return { fake, client: alertsClient('xoxb-test', fake.apiUrl, logger, TIMEOUT_MS), logger, lines };
}

/** What a call failed with, as the alerts' client throws it. */
async function failureOf(call: () => Promise<unknown>) {
  try {
    await call();
  } catch (err) {
    return classify(err);
  }
  throw new Error('the call did not fail');
}

describe('a failed Web API call, classified', () => {
  it.each([...UNDELIVERABLE_CHANNEL])('%s: the channel cannot take it (the fallback can)', async (error) => {
    const { fake, client } = await slack();
    fake.fail('chat.postMessage', error);
    expect(await failureOf(() => client.chat.postMessage({ channel: '#owners', text: 'hi' }))).toEqual({
      kind: 'channel',
      error,
    });
  });

  it.each([
    ['invalid_blocks', 'permanent'],
    ['msg_too_long', 'permanent'],
    ['internal_error', 'unanswered'],
    ['fatal_error', 'unanswered'],
    ['request_timeout', 'transient'],
  ])('%s: %s', async (error, kind) => {
    const { fake, client } = await slack();
    fake.fail('chat.postMessage', error);
    expect(await failureOf(() => client.chat.postMessage({ channel: '#owners', text: 'hi' }))).toEqual({
      kind,
      error,
    });
  });

  it('an answer past the timeout, or a 5xx, is lost: the post may have landed (the late one did)', async () => {
    const { fake, client } = await slack();
    fake.answerLate('chat.postMessage', LATE_MS, 1);
    const late = await failureOf(() => client.chat.postMessage({ channel: '#owners', text: 'slow' }));
    expect(late.kind).toBe('unanswered');
    expect(fake.parents('owners').map((m) => m.text)).toEqual(['slow']);
    fake.down = true;
    expect(await failureOf(() => client.chat.postMessage({ channel: '#owners', text: 'down' }))).toEqual({
      kind: 'unanswered',
      error: 'HTTP 503',
    });
  });

  it('a 429 waits its Retry-After; a connection refused sent nothing', async () => {
    const { fake, client, logger } = await slack();
    fake.rateLimit('chat.postMessage', 3);
    expect(await failureOf(() => client.chat.postMessage({ channel: '#owners', text: 'hi' }))).toEqual({
      kind: 'rate_limited',
      retryAfterMs: 3000,
    });
    const nowhere = alertsClient('xoxb-test', 'http://127.0.0.1:9/api/', logger, TIMEOUT_MS);
    expect((await failureOf(() => nowhere.chat.postMessage({ channel: '#owners', text: 'hi' }))).kind).toBe(
      'transient',
    );
  });
});

/** A delivery job whose data holds its progress, run as BullMQ would run it again (moved to later, or retried). */
async function deliverAll(d: DeliveryData, deps: DeliveryDeps, runs = 10) {
  const job: JobLike & { data: DeliveryData } = {
    name: 'deliver',
    id: 'deliver-1',
    data: d,
    timestamp: Date.now(),
    async updateData(data) {
      this.data = data as DeliveryData;
    },
    async moveToDelayed() {},
  };
  const errors: string[] = [];
  for (let i = 0; i < runs; i++) {
    try {
      return { result: await runDelivery(job.data, job, 'token', deps), errors, job };
    } catch (err) {
      if (!(err instanceof DelayedError)) errors.push((err as Error).message);
    }
  }
  return { result: undefined, errors, job };
}

function deps(client: DeliveryDeps['slack'], logger: DeliveryDeps['logger']): DeliveryDeps {
  const threads = new Map<string, ThreadRecord>();
  const store = {
    thread: async (alert: string, channel: string) => threads.get(`${alert}@${channel}`),
    setThread: async (alert: string, channel: string, rec: ThreadRecord) =>
      void threads.set(`${alert}@${channel}`, rec),
    pace: async () => 0,
    hold: async () => undefined,
  } as unknown as AlertStore;
  return {
    slack: client,
    store,
    metrics: createAlertMetrics(new Registry()),
    logger,
    channelGapMs: 0,
    fallbackChannel: '#janus-alerts',
  };
}

const alert: DeliveryData = {
  id: 'cause:stale#1@owners',
  channel: 'owners',
  threads: [{ alert: 'cause:stale#1', seq: 1 }],
  reply: false,
  message: { text: 'Stale data: orders', blocks: [] },
  what: 'alert',
  queuedAt: Date.now(),
};

describe('a delivery Slack refuses for its channel', () => {
  it.each([...UNDELIVERABLE_CHANNEL].filter((e) => e !== 'channel_not_found' && e !== 'not_in_channel'))(
    '%s: posted in the fallback channel, saying which channel could not be reached and why',
    async (error) => {
      const { fake, client, logger } = await slack();
      fake.fail('chat.postMessage', error);
      const { result, errors } = await deliverAll(alert, deps(client, logger));
      expect(errors).toEqual([]);
      expect(result).toEqual({ posted: expect.any(String) });
      expect(fake.parents('owners')).toEqual([]);
      const moved = fake.parents('janus-alerts');
      expect(moved.map((m) => m.text)).toEqual([
        `:warning: Argos could not post in #owners (${error}), so it is here. Stale data: orders`,
      ]);
      // joining would not help: only a channel the bot is not in is joined
      expect(fake.calls.filter((c) => c.method === 'conversations.join')).toEqual([]);
    },
  );
});

describe('a delivery whose answer was lost', () => {
  it('is found in the channel by its metadata and not sent again, once Slack can be read', async () => {
    const { fake, client, logger } = await slack();
    fake.answerLate('chat.postMessage', LATE_MS, 1);
    const d = deps(client, logger);
    const first = await deliverAll(alert, d, 1);
    expect(first.errors).toEqual([expect.stringContaining('answer to the post was lost')]);
    // Slack cannot be read just now: the look is tried again, nothing is posted meanwhile
    fake.down = true;
    const down = await deliverAll(first.job.data, d, 1);
    expect(down.errors).toEqual([expect.stringContaining('could not look for the post')]);
    fake.down = false;
    const { result, job } = await deliverAll(down.job.data, d);
    const posts = fake.parents('owners');
    expect(posts).toHaveLength(1);
    expect(result).toEqual({ posted: posts[0]!.ts });
    expect(job.data.progress).toEqual({ posted: { channel: fake.channel('owners')!.id, ts: posts[0]!.ts } });
    expect(await d.store.thread('cause:stale#1', 'owners')).toEqual(
      expect.objectContaining({ ts: posts[0]!.ts, done: 1 }),
    );
    expect(fake.calls.filter((c) => c.method === 'chat.postMessage')).toHaveLength(1);
  });

  it('an edit of the parent whose answer was lost is sent again (the same edit), the reply posted once', async () => {
    const { fake, client, logger } = await slack();
    const d = deps(client, logger);
    const parent = await deliverAll(alert, d);
    const ts = String((parent.result as { posted: string }).posted);
    fake.answerLate('chat.update', LATE_MS, 1);
    const followup: DeliveryData = {
      ...alert,
      id: 'cause:stale#1@owners|2',
      threads: [{ alert: 'cause:stale#1', seq: 2 }],
      reply: true,
      message: { text: 'orders is later still', blocks: [] },
      parent: { text: 'Stale data: orders (2 models)', blocks: [] },
      what: 'followup',
    };
    const { result, errors } = await deliverAll(followup, d);
    expect(errors).toEqual([expect.stringContaining('did not take the edit of the alert')]);
    expect(result).toEqual({ posted: expect.any(String) });
    expect(fake.replies('owners', ts).map((m) => m.text)).toEqual(['orders is later still']);
    const edited = fake.parents('owners');
    expect(edited.map((m) => [m.text, m.edits.length])).toEqual([['Stale data: orders (2 models)', 2]]);
  });

  it('is posted again, saying so, when the channel cannot be read (its history scope not granted)', async () => {
    const { fake, client, logger, lines } = await slack();
    fake.scopes = fake.scopes.filter((s) => s !== 'channels:history');
    fake.answerLate('chat.postMessage', LATE_MS, 1);
    const { result, errors } = await deliverAll(alert, deps(client, logger));
    expect(errors).toEqual([expect.stringContaining('answer to the post was lost')]);
    expect(result).toEqual({ posted: expect.any(String) });
    // never dropped: a second post rather than none
    expect(fake.parents('owners')).toHaveLength(2);
    expect(lines).toContainEqual(
      expect.objectContaining({
        msg: 'could not look for the post whose answer was lost: posting again',
        reason: 'missing_scope',
      }),
    );
  });
});
