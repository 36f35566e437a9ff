import { createHash } from 'node:crypto';
import { z } from 'zod';
import { BANDS } from '../core/score.js';
import { transitionOf } from '../core/transitions.js';
import { PLANNED_WRITE_KINDS } from '../core/writeback/plan.js';

/** Job data is parsed on the way in (a bad payload fails at once, unrecoverable) and never carries a secret. */
export const cycleData = z.object({
  trigger: z.enum(['schedule', 'manual']).default('schedule'),
  /** Re-read and judge the whole catalog this time. */
  full: z.boolean().default(false),
  /** Models to judge again this time whether or not anything upstream moved (`/janus scan <model>`). */
  models: z.array(z.string().startsWith('urn:li:mlModel:')).max(100).default([]),
});
export type CycleData = z.infer<typeof cycleData>;

const plannedWrite = z.looseObject({
  kind: z.enum(PLANNED_WRITE_KINDS),
});

export const writeData = z.object({
  cycle: z.string(),
  /** One subject's writes in plan order (a dataset's or a group of models'), still to land. */
  writes: z.array(plannedWrite).min(1),
});
export type WriteData = z.infer<typeof writeData>;

const modelRef = z.object({ urn: z.string(), name: z.string() });
const band = z.enum(BANDS);

export const announcedModel = z.object({
  name: z.string(),
  band,
  score: z.number(),
  since: z.string(),
  seq: z.number().int(),
});
export const announcedCause = z.object({
  dataset: z.string(),
  detector: z.string(),
  live: z.boolean(),
  episode: z.number().int(),
  since: z.string(),
  missing: z.number().int(),
});

/** Its sequence (`band`) or episode (`cause`) is optional here: a payload queued before it had one derives it. */
const transitionRecord = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('band'),
    id: z.string(),
    seq: z.number().int().optional(),
    at: z.string(),
    model: modelRef,
    from: band.nullable(),
    to: band,
    score: z.number(),
    previousScore: z.number().nullable(),
    causes: z.array(z.string()),
    causeCount: z.number().int(),
  }),
  z.object({
    kind: z.literal('cause'),
    id: z.string(),
    episode: z.number().int().optional(),
    at: z.string(),
    state: z.enum(['raised', 'cleared', 'accepted']),
    acceptance: z.object({ by: z.string(), reason: z.string(), until: z.string() }).optional(),
    key: z.string(),
    dataset: z.string(),
    detector: z.string(),
    severity: z.string().optional(),
    message: z.string().optional(),
    models: z.array(modelRef),
    modelCount: z.number().int(),
    since: z.string(),
    moved: z.array(z.object({ model: modelRef, from: band.nullable(), to: band, score: z.number() })),
    movedCount: z.number().int(),
  }),
]);
export const transition = transitionRecord.transform(transitionOf);

/** A transition as the notifications queue carries it: what an alert needs, resolved when the cycle committed. */
export const notificationData = z.object({
  transition,
  /** The Janus incidents open on the root cause's dataset (or the model's root causes), by urn. */
  incidents: z.array(z.object({ urn: z.string(), dataset: z.string(), key: z.string() })),
  /** Owners of the model or of the root cause's dataset, as DataHub names them (urns). */
  owners: z.array(z.string()),
  /** The datasets whose incidents the alert names. */
  datasets: z.array(z.string()),
  /** Its cycle, its place in it and how many transitions the cycle has (the alerts plan a cycle at once). */
  cycle: z.object({ id: z.string(), index: z.number().int(), size: z.number().int() }).optional(),
});
export type NotificationData = z.infer<typeof notificationData>;

export const commitData = z.object({
  cycle: z.string(),
  startedAt: z.number(),
  full: z.boolean(),
  judged: z.number().int(),
  models: z.array(z.string()),
  announced: z.record(z.string(), announcedModel),
  causes: z.record(z.string(), announcedCause),
  notifications: z.array(notificationData),
});
export type CommitData = z.infer<typeof commitData>;

/** BullMQ job ids may not hold `:` (urns are full of them): a readable kind and a digest of the identity. */
export const jobIdOf = (kind: string, identity: string) =>
  `${kind}-${createHash('sha1').update(identity).digest('hex')}`;
