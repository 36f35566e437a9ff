import { z } from 'zod';
import { BANDS } from '../core/score.js';
import { transition } from '../queues/payloads.js';

/** What the Slack alerts keep in Redis and carry in jobs, parsed on the way back in (never a secret in them). */

const band = z.enum(BANDS);

export const slackMessage = z.object({
  text: z.string(),
  blocks: z.array(z.looseObject({ type: z.string() })),
});

const links = z.object({
  report: z.string().optional(),
  reportBase: z.string().optional(),
  datahub: z.string().optional(),
  incident: z.string().optional(),
});

export const alertState = z.object({
  id: z.string(),
  kind: z.enum(['cause', 'model']),
  key: z.string(),
  dataset: z.string().optional(),
  detector: z.string().optional(),
  severity: z.string().optional(),
  headline: z.string(),
  trouble: z.string().optional(),
  story: z.array(z.string()),
  since: z.string(),
  raisedAt: z.number(),
  status: z.enum(['open', 'resolved']),
  resolvedAt: z.string().optional(),
  models: z.record(
    z.string(),
    z.object({
      urn: z.string(),
      name: z.string(),
      band: band.optional(),
      from: band.nullable().optional(),
      score: z.number().optional(),
    }),
  ),
  modelCount: z.number().int(),
  incident: z.string().optional(),
  links,
  channels: z.record(
    z.string(),
    z.object({
      seq: z.number().int(),
      models: z.array(z.string()),
      mentions: z.array(z.string()),
      posted: z.boolean(),
      digest: z.boolean().optional(),
    }),
  ),
  escalated: z.boolean().optional(),
  acknowledged: z.boolean().optional(),
  accepted: z.object({ by: z.string(), reason: z.string(), until: z.string() }).optional(),
  expiryTold: z.boolean().optional(),
});

export const stagedAlert = z.object({
  transition,
  queuedAt: z.number(),
  models: z.array(z.object({ urn: z.string(), name: z.string(), band: band.optional(), score: z.number().optional() })),
  routes: z.record(z.string(), z.object({ models: z.array(z.string()), mentions: z.array(z.string()) })),
  story: z.array(z.string()),
  incident: z.string().optional(),
  links,
});

/** Where an alert's thread is in one channel, and how far delivery got in it. */
export const threadRecord = z.object({
  /** The channel id Slack answered with (an alert routed to a name, or moved to the fallback channel). */
  channel: z.string().optional(),
  ts: z.string().optional(),
  /** The last message of the thread delivered (its sequence number). */
  done: z.number().int(),
  /** The thread's parent is a digest: it is not edited per alert. */
  digest: z.boolean().optional(),
});
export type ThreadRecord = z.infer<typeof threadRecord>;

export const snoozeEntry = z.object({
  until: z.number(),
  /** Who snoozed it (Slack user id). */
  by: z.string(),
  name: z.string(),
  kind: z.enum(['model', 'dataset']).optional(),
});
export type SnoozeEntry = z.infer<typeof snoozeEntry>;

/** Where a snooze was announced (channels and watchers' DMs): its end is said there too. */
export const snoozeTold = z.object({ until: z.number(), channels: z.array(z.string()) });
export type SnoozeTold = z.infer<typeof snoozeTold>;

/** A snooze someone ended (`/janus unsnooze`) before its time, still to announce: who ended it, and when. */
export const snoozeEnded = snoozeEntry.extend({ endedBy: z.string(), at: z.number() });
export type SnoozeEnded = z.infer<typeof snoozeEnded>;

/** A Slack delivery job: one message, and how far it got (updated as it goes, so a retry never posts twice). */
export const deliveryData = z.object({
  id: z.string(),
  channel: z.string(),
  threads: z.array(z.object({ alert: z.string(), seq: z.number().int() })),
  reply: z.boolean(),
  message: slackMessage,
  parent: slackMessage.optional(),
  what: z.enum([
    'alert',
    'followup',
    'recovery',
    'accepted',
    'expiry',
    'digest',
    'escalation',
    'escalation-channel',
    'orphan',
    'orphan-digest',
    'snooze',
    'unsnooze',
  ]),
  queuedAt: z.number(),
  progress: z
    .object({
      /** Posted already: where and as which message. */
      posted: z.object({ channel: z.string(), ts: z.string() }).optional(),
      /**
       * A post was sent and its answer not read yet (or lost: a timeout, a 5xx): where, and when the first such try
       * began (wall clock, ms). The next try looks for it in the channel before sending again.
       */
      unanswered: z.object({ channel: z.string(), threadTs: z.string().optional(), at: z.number() }).optional(),
      /** Tried `conversations.join` already. */
      joined: z.boolean().optional(),
      /** Moved to the fallback channel, and why. */
      moved: z.object({ channel: z.string(), reason: z.string() }).optional(),
    })
    .optional(),
});
export type DeliveryData = z.infer<typeof deliveryData>;
