import { DelayedError, UnrecoverableError } from 'bullmq';
import { channelKey } from '../core/alerts/routing.js';
import type { Logger } from '../log.js';
import { type SlackMessage } from '../slack/present/kit.js';
import { channelRef, clip } from '../slack/present/mrkdwn.js';
import { editRecorded, recordPosted, type AlertIncidents } from '../slack/alerts/incident-record.js';
import { deliveryData, type DeliveryData, type ThreadRecord } from './alert-payloads.js';
import type { AlertStore } from './alert-store.js';
import type { AlertMetrics } from './alert-metrics.js';
import { processor, type JobLike } from './processor.js';
import {
  CHANNEL_ID,
  deliveryMetadata,
  findPost,
  ownBotId,
  publicChannelId,
  type LookResult,
  type Unanswered,
} from './lost-posts.js';
import { classify, type SlackClient } from './slack-client.js';

export interface DeliveryDeps {
  slack: SlackClient;
  store: AlertStore;
  metrics: AlertMetrics;
  logger: Logger;
  /** Least time between two messages to one channel (ms). */
  channelGapMs: number;
  fallbackChannel?: string;
  /** Where messages with incident buttons are recorded, for the buttons and the reverse sync. */
  incidents?: AlertIncidents;
  now?: () => number;
}

/** How often a message waiting for the one before it in its thread looks again (ms). */
const ORDER_POLL_MS = 200;
/** A message waits this long at most for the one before it (then goes anyway, saying so in the log). */
const ORDER_WAIT_MAX_MS = 15 * 60_000;

/** The channel errors a public channel the bot joins would no longer give. */
const JOINABLE = new Set(['channel_not_found', 'not_in_channel']);

/** The channel's message could not go (archived, not found, …) and the fallback is not an option. */
class ChannelError extends Error {}

/**
 * One Slack delivery job: a message posted (or a reply in its thread, then the parent edited to match), in its
 * thread's order, at most one a `channelGapMs` per channel. A 429 puts the job back for the Retry-After Slack gave
 * and holds the channel as long; a channel the bot is not in is joined (public channels), else the message goes to
 * the fallback channel saying where it could not post (archived, restricted, not found: every error about the
 * channel rather than the message); what Slack will never take fails for good, with its reason. Progress is kept in
 * the job's data, so a retry never posts twice: a post whose answer was lost (a timeout, a 5xx, a worker killed
 * mid-call) is looked for in the channel by its metadata (lost-posts.ts) and, found, taken as posted.
 */
export async function runDelivery(
  d: DeliveryData,
  job: JobLike,
  token: string | undefined,
  deps: DeliveryDeps,
): Promise<unknown> {
  const now = deps.now ?? Date.now;
  const later = async (at: number): Promise<never> => {
    await job.moveToDelayed(Math.max(at, now() + 1), token);
    throw new DelayedError();
  };

  // in order: the thread's previous message first (a post before its follow-ups)
  const threads = await Promise.all(d.threads.map((t) => deps.store.thread(t.alert, d.channel)));
  const waiting = d.threads.filter((t, i) => (threads[i]?.done ?? 0) < t.seq - 1);
  if (waiting.length) {
    if (now() - job.timestamp < ORDER_WAIT_MAX_MS) return later(now() + ORDER_POLL_MS);
    deps.logger.warn(
      { job: job.id, channel: d.channel, waiting },
      'the message before this one never came: posting anyway',
    );
  }
  const thread = threads[0];

  let progress = d.progress ?? {};
  const save = async (p: typeof progress) => {
    progress = p;
    await job.updateData({ ...d, progress });
  };
  const target = progress.moved?.channel ?? d.channel;

  if (!progress.posted && progress.unanswered) {
    // the last try may have landed: look for it before sending again
    const look = await lookFor(d, progress.unanswered, deps);
    if ('retryAfterMs' in look) return later(now() + look.retryAfterMs);
    if ('found' in look) {
      deps.logger.info({ channel: d.channel, ts: look.found.ts, what: d.what }, 'found the post whose answer was lost');
      await save({ ...answered(progress), posted: look.found });
      deps.metrics.found(d.what);
    } else if ('unknown' in look)
      deps.logger.warn(
        { channel: d.channel, what: d.what, reason: look.unknown },
        'could not look for the post whose answer was lost: posting again',
      );
  }

  if (!progress.posted) {
    const free = await deps.store.pace(channelKey(target), deps.channelGapMs, now());
    if (free > 0) return later(free);
    const threadTs = d.reply && thread?.ts && !progress.moved ? thread.ts : undefined;
    const channel = thread?.channel && threadTs ? thread.channel : target;
    const message = sentMessage(d, progress);
    const earlier = progress.unanswered;
    const same = earlier && earlier.channel === channel && earlier.threadTs === threadTs;
    // kept before sending: a lost answer (or a worker killed mid-call) leaves where to look
    await save({
      ...progress,
      unanswered: { channel, ...(threadTs ? { threadTs } : {}), at: same ? earlier.at : Date.now() },
    });
    try {
      const r = (await deps.slack.chat.postMessage({
        channel,
        text: message.text,
        blocks: message.blocks as never,
        ...(threadTs ? { thread_ts: threadTs } : {}),
        metadata: deliveryMetadata(d.id),
        unfurl_links: false,
        unfurl_media: false,
      })) as { channel?: string; ts?: string };
      await save({ ...answered(progress), posted: { channel: r.channel ?? target, ts: r.ts ?? '' } });
      deps.metrics.posted(d.what, (now() - d.queuedAt) / 1000, !!progress.moved);
    } catch (err) {
      const f = classify(err);
      if (f.kind === 'unanswered') {
        deps.metrics.retried();
        throw new Error(`Slack's answer to the post was lost (${f.error}): looked for before it is sent again`);
      }
      // Slack answered: nothing landed
      await save(answered(progress));
      if (f.kind === 'rate_limited') {
        deps.metrics.rateLimited();
        await deps.store.hold(channelKey(target), now() + f.retryAfterMs, now());
        return later(now() + f.retryAfterMs);
      }
      if (f.kind === 'channel' && !progress.moved) {
        if (!progress.joined && JOINABLE.has(f.error)) {
          await save({ ...progress, joined: true });
          if (await join(target, deps)) return later(now());
        }
        if (deps.fallbackChannel && channelKey(deps.fallbackChannel) !== channelKey(target)) {
          deps.logger.warn(
            { channel: d.channel, error: f.error, fallback: deps.fallbackChannel },
            'could not post: using the fallback channel',
          );
          await save({ ...progress, moved: { channel: channelKey(deps.fallbackChannel), reason: f.error } });
          return later(now());
        }
        return fail(
          d,
          f.error,
          deps,
          new ChannelError(`${f.error} in ${d.channel}, and no fallback channel to post to`),
        );
      }
      if (f.kind === 'permanent' || f.kind === 'channel') return fail(d, f.error, deps);
      deps.metrics.retried();
      throw new Error(`Slack did not take the message (${f.error}); retried with backoff`);
    }
  }

  const posted = progress.posted!;
  if (!d.reply || !thread?.ts || progress.moved) {
    // a new message: the parent of every thread it names (a digest names several)
    if (deps.incidents) await recordPosted(deps.incidents, posted, asBlocks(sentMessage(d, progress)));
    for (const t of d.threads)
      await deps.store.setThread(t.alert, d.channel, {
        channel: posted.channel,
        ts: posted.ts,
        done: t.seq,
        ...(d.what === 'digest' || d.what === 'orphan-digest' ? { digest: true } : {}),
      });
    return { posted: posted.ts };
  }
  if (d.parent && !thread.digest) {
    const at = { channel: thread.channel ?? d.channel, ts: thread.ts };
    const send = async (m: SlackMessage) => {
      await deps.slack.chat.update({ ...at, text: m.text, blocks: m.blocks as never });
    };
    try {
      await (deps.incidents ? editRecorded(deps.incidents, at, asBlocks(d.parent), send) : send(asBlocks(d.parent)));
      deps.metrics.updated();
    } catch (err) {
      const f = classify(err);
      if (f.kind === 'rate_limited') {
        deps.metrics.rateLimited();
        return later(now() + f.retryAfterMs);
      }
      // an edit sent twice shows the same: a lost answer is retried like a refused call
      if (f.kind === 'transient' || f.kind === 'unanswered') {
        deps.metrics.retried();
        throw new Error(`Slack did not take the edit of the alert (${f.error}); retried with backoff`);
      }
      deps.logger.warn({ channel: d.channel, error: f.error }, 'could not edit the alert in place');
    }
  }
  for (const t of d.threads) await deps.store.setThread(t.alert, d.channel, { ...thread, done: t.seq } as ThreadRecord);
  return { posted: posted.ts };
}

/** The `deliver` job. */
export const deliveryProcessor = (deps: DeliveryDeps, deliver = runDelivery) =>
  processor('delivery', deliveryData, (d, job, token) => deliver(d, job, token, deps));

/** A failure Slack will repeat: the job is kept failed with the reason, and the thread moves on past it. */
async function fail(d: DeliveryData, reason: string, deps: DeliveryDeps, err?: Error): Promise<never> {
  deps.metrics.failed(reason);
  for (const t of d.threads) {
    const rec = await deps.store.thread(t.alert, d.channel);
    await deps.store.setThread(t.alert, d.channel, { ...(rec ?? {}), done: Math.max(rec?.done ?? 0, t.seq) });
  }
  deps.logger.error(
    { channel: d.channel, what: d.what, reason },
    'Slack refused an alert for good: kept as a failed job',
  );
  throw new UnrecoverableError(err?.message ?? `Slack refused the message: ${reason}`);
}

/** Joins a public channel the bot is not in (`conversations.join`, by id; a name is looked up among public channels). */
async function join(channel: string, deps: DeliveryDeps): Promise<boolean> {
  try {
    const id = CHANNEL_ID.test(channel) ? channel : await publicChannelId(channel, deps.slack);
    if (!id) return false;
    await deps.slack.conversations.join({ channel: id });
    deps.logger.info({ channel, id }, 'joined the channel to post alerts there');
    return true;
  } catch (err) {
    deps.logger.info({ channel, err: (err as Error).message }, 'could not join the channel');
    return false;
  }
}

/**
 * The look for a post whose answer was lost: found, absent (send it), unknown (cannot look: send it, as before
 * there was a look), or Slack busy (look again later; a failure that may pass is thrown for the backoff).
 */
async function lookFor(
  d: DeliveryData,
  sent: Unanswered,
  deps: DeliveryDeps,
): Promise<LookResult | { retryAfterMs: number }> {
  try {
    return await findPost(deps.slack, d.id, sent, await ownBotId(deps.slack));
  } catch (err) {
    const f = classify(err);
    if (f.kind === 'rate_limited') {
      deps.metrics.rateLimited();
      return { retryAfterMs: f.retryAfterMs };
    }
    // Slack answered no (a history scope not granted, a channel gone): the look cannot be made
    if (isPlatformError(err) && !LOOK_AGAIN.has(f.error)) return { unknown: f.error };
    deps.metrics.retried();
    throw new Error(`could not look for the post whose answer was lost (${f.error}); retried with backoff`);
  }
}

/** Slack's errors for a look that may go through later. */
const LOOK_AGAIN = new Set(['internal_error', 'fatal_error', 'service_unavailable', 'request_timeout']);

const isPlatformError = (err: unknown) => (err as { code?: string }).code === 'slack_webapi_platform_error';

/** Progress once Slack answered the post (whatever it said): nothing left to look for. */
function answered(p: NonNullable<DeliveryData['progress']>): NonNullable<DeliveryData['progress']> {
  const { unanswered: _, ...rest } = p;
  return rest;
}

/** A job's message: its blocks were built as Block Kit types (render.ts) and only parsed loosely on the way back. */
const asBlocks = (m: DeliveryData['message']): SlackMessage => m as unknown as SlackMessage;

/** The message as posted: moved to the fallback channel, it says where it could not go. */
function sentMessage(d: DeliveryData, progress: NonNullable<DeliveryData['progress']>): DeliveryData['message'] {
  if (!progress.moved) return d.message;
  return withNote(
    d.message,
    `:warning: Argos could not post in ${channelRef(d.channel)} (${progress.moved.reason}), so it is here.`,
  );
}

function withNote(m: DeliveryData['message'], note: string): DeliveryData['message'] {
  return {
    text: clip(`${note} ${m.text}`, 3000),
    blocks: [{ type: 'context', elements: [{ type: 'mrkdwn', text: note }] }, ...m.blocks].slice(0, 50),
  };
}
