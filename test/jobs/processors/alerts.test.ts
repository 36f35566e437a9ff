import { DelayedError, UnrecoverableError } from 'bullmq';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { queueDeliveries, transitionProcessor, type AlertDeps } from '../../../src/jobs/alert-consumer.js';
import type { AlertMetrics } from '../../../src/jobs/alert-metrics.js';
import type { AlertStore } from '../../../src/jobs/alert-store.js';
import { alertTimersProcessor, type TimerDeps } from '../../../src/jobs/alert-timers.js';
import { transitionLogProcessor } from '../../../src/jobs/notification-log.js';
import { orphansData, orphansProcessor, type OrphanPingDeps } from '../../../src/jobs/orphan-pings.js';
import { dispatch, type JobLike } from '../../../src/jobs/processor.js';
import type { SlackClient } from '../../../src/jobs/slack-client.js';
import { deliveryProcessor, type DeliveryDeps } from '../../../src/jobs/slack-delivery.js';
import type { DeliveryData, ThreadRecord } from '../../../src/jobs/alert-payloads.js';
import type { NotificationData } from '../../../src/queues/payloads.js';
import { jobIdOf } from '../../../src/queues/payloads.js';
import { fakeJob, fakeQueue, recorder, recordingLogger } from './fakes.js';
import { bandNotification, deliverySample } from './samples.js';

/** Ports the alert processors are handed through; these tests only check they are passed on untouched. */
const alertDeps = { digestAbove: 5 } as unknown as AlertDeps;

describe('the transition processor (Slack alerts on)', () => {
  it('stages the parsed transition with the time it was queued', async () => {
    const stage = recorder<[NotificationData, number, AlertDeps], { staged: string; planned?: number }>({
      staged: bandNotification.transition.id,
      planned: 1,
    });
    const job = fakeJob('transition', bandNotification, { timestamp: 42 });
    const table = { transition: transitionProcessor(alertDeps, stage.fn) };
    expect(await dispatch(table)(job)).toEqual({ staged: bandNotification.transition.id, planned: 1 });
    expect(stage.calls).toEqual([[bandNotification, 42, alertDeps]]);
  });

  it('fails a malformed transition for good, staging nothing', async () => {
    const stage = recorder<[NotificationData, number, AlertDeps], { staged: string }>({ staged: '' });
    const table = { transition: transitionProcessor(alertDeps, stage.fn) };
    const bad = { ...bandNotification, transition: { ...bandNotification.transition, to: 'doomed' } };
    await expect(dispatch(table)(fakeJob('transition', bad))).rejects.toThrow(UnrecoverableError);
    await expect(dispatch(table)(fakeJob('transition', bad))).rejects.toThrow(/^bad notification payload/);
    expect(stage.calls).toEqual([]);
  });

  it("queues a plan's messages on the delivery queue, ids from each delivery, and logs the unroutable", async () => {
    const delivery = fakeQueue();
    const { logger, lines } = recordingLogger();
    let unroutable = 0;
    const metrics = { unroutable: () => void unroutable++ } as unknown as AlertMetrics;
    await queueDeliveries(
      {
        deliveries: [deliverySample as DeliveryData & { id: string }] as never,
        unroutable: [{ alert: 'model:x#1', models: ['x'] }],
      },
      { delivery: delivery as never, logger, metrics },
    );
    expect(delivery.added).toEqual([
      expect.objectContaining({
        name: 'deliver',
        data: deliverySample,
        opts: expect.objectContaining({ jobId: jobIdOf('slack', deliverySample.id) }),
      }),
    ]);
    expect(unroutable).toBe(1);
    expect(lines.map((l) => l.msg)).toContain('Slack alerts queued');
  });
});

describe('the transition processor (the logging sink)', () => {
  it('logs the parsed transition in one line', async () => {
    const { logger, lines } = recordingLogger();
    const table = { transition: transitionLogProcessor(logger) };
    await dispatch(table)(fakeJob('transition', bandNotification));
    expect(lines).toEqual([
      expect.objectContaining({
        transition: bandNotification.transition.id,
        model: 'churn',
        to: 'at_risk',
        msg: 'Argos: churn moved caution → at_risk (score 20)',
      }),
    ]);
  });

  it('fails a malformed transition for good, logging nothing', async () => {
    const { logger, lines } = recordingLogger();
    const table = { transition: transitionLogProcessor(logger) };
    await expect(dispatch(table)(fakeJob('transition', { transition: {} }))).rejects.toThrow(UnrecoverableError);
    expect(lines).toEqual([]);
  });
});

/** An alert store holding thread records and pacing nothing (what delivery reads and writes of it). */
function deliveryStore() {
  const threads = new Map<string, ThreadRecord>();
  const store = {
    thread: async (alert: string, channel: string) => threads.get(`${alert}@${channel}`),
    setThread: async (alert: string, channel: string, rec: ThreadRecord) =>
      void threads.set(`${alert}@${channel}`, rec),
    pace: async () => 0,
    hold: async () => undefined,
  };
  return { store: store as unknown as AlertStore, threads };
}

function deliveryDeps(postMessage: (args: Record<string, unknown>) => Promise<unknown>) {
  const { store, threads } = deliveryStore();
  const deps: DeliveryDeps = {
    slack: { chat: { postMessage } } as unknown as SlackClient,
    store,
    metrics: { posted: () => undefined, rateLimited: () => undefined } as unknown as AlertMetrics,
    logger: recordingLogger().logger,
    channelGapMs: 1000,
    now: () => deliverySample.queuedAt + 10,
  };
  return { deps, threads };
}

describe('the delivery processor', () => {
  it('calls delivery with the parsed message, the job and its token', async () => {
    const deliver = recorder<[DeliveryData, JobLike, string | undefined, DeliveryDeps], unknown>({ posted: '1.2' });
    const { deps } = deliveryDeps(async () => ({}));
    const job = fakeJob('deliver', deliverySample);
    expect(await dispatch({ deliver: deliveryProcessor(deps, deliver.fn) })(job, 'token-1')).toEqual({
      posted: '1.2',
    });
    expect(deliver.calls).toEqual([[deliverySample, job, 'token-1', deps]]);
  });

  it('posts the message, records where in the job (a retry never posts twice) and the thread', async () => {
    const posts: Record<string, unknown>[] = [];
    const { deps, threads } = deliveryDeps(async (args) => {
      posts.push(args);
      return { channel: 'C0ML', ts: '1.2' };
    });
    const job = fakeJob('deliver', deliverySample);
    expect(await dispatch({ deliver: deliveryProcessor(deps) })(job)).toEqual({ posted: '1.2' });
    expect(posts).toEqual([
      expect.objectContaining({
        channel: '#ml-team',
        text: 'churn is at risk',
        metadata: { event_type: 'janus_delivery', event_payload: { delivery_id: deliverySample.id } },
      }),
    ]);
    // where it went is kept before the call (a lost answer leaves where to look), then what Slack answered
    expect(job.updates).toEqual([
      { ...deliverySample, progress: { unanswered: { channel: '#ml-team', at: expect.any(Number) } } },
      { ...deliverySample, progress: { posted: { channel: 'C0ML', ts: '1.2' } } },
    ]);
    expect(threads.get(`${deliverySample.threads[0]!.alert}@#ml-team`)).toEqual({
      channel: 'C0ML',
      ts: '1.2',
      done: 1,
    });
  });

  it('puts back a follow-up whose thread has not had the message before it', async () => {
    const { deps } = deliveryDeps(async () => {
      throw new Error('posted out of order');
    });
    const followup = { ...deliverySample, threads: [{ ...deliverySample.threads[0]!, seq: 2 }], reply: true };
    const job = fakeJob('deliver', followup, { timestamp: deliverySample.queuedAt });
    await expect(dispatch({ deliver: deliveryProcessor(deps) })(job, 'tok')).rejects.toThrow(DelayedError);
    expect(job.delayedTo).toEqual([{ timestamp: deliverySample.queuedAt + 10 + 200, token: 'tok' }]);
  });

  it('fails a malformed delivery for good, posting nothing', async () => {
    const posts: unknown[] = [];
    const { deps } = deliveryDeps(async (a) => posts.push(a));
    const run = dispatch({ deliver: deliveryProcessor(deps) });
    await expect(run(fakeJob('deliver', { ...deliverySample, what: 'poem' }))).rejects.toThrow(UnrecoverableError);
    await expect(run(fakeJob('deliver', { ...deliverySample, what: 'poem' }))).rejects.toThrow(/^bad delivery payload/);
    expect(posts).toEqual([]);
  });
});

describe('the orphans processor', () => {
  const data: z.infer<typeof orphansData> = { cycle: 'c1', added: ['urn:li:dataset:orphan'], owned: [] };
  const deps = { digestAbove: 5 } as unknown as OrphanPingDeps;

  it('pings the parsed orphans with the time the job was queued', async () => {
    const ping = recorder<[typeof data, number, OrphanPingDeps], { queued: number; updated: number }>({
      queued: 1,
      updated: 0,
    });
    const job = fakeJob('orphans', data, { timestamp: 7 });
    expect(await dispatch({ orphans: orphansProcessor(deps, ping.fn) })(job)).toEqual({ queued: 1, updated: 0 });
    expect(ping.calls).toEqual([[data, 7, deps]]);
  });

  it('fails a malformed payload for good', async () => {
    const ping = recorder<[typeof data, number, OrphanPingDeps], { queued: number; updated: number }>({
      queued: 0,
      updated: 0,
    });
    const run = dispatch({ orphans: orphansProcessor(deps, ping.fn) });
    await expect(run(fakeJob('orphans', { cycle: 'c1', added: 'all' }))).rejects.toThrow(/^bad orphans payload/);
    expect(ping.calls).toEqual([]);
  });
});

describe('the alert timers processor', () => {
  it('runs the timers, whatever data the schedule gave the job (it carries none)', async () => {
    const deps = { escalateAfterMs: 1000 } as unknown as TimerDeps;
    const run = recorder<[TimerDeps], { messages: number }>({ messages: 3 });
    const table = { 'alert-timers': alertTimersProcessor(deps, run.fn) } as const;
    expect(await dispatch(table)(fakeJob('alert-timers', undefined))).toEqual({ messages: 3 });
    expect(await dispatch(table)(fakeJob('alert-timers', {}))).toEqual({ messages: 3 });
    expect(run.calls).toEqual([[deps], [deps]]);
  });
});
