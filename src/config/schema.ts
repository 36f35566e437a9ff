import { z } from 'zod';
import {
  DEFAULT_CONCURRENCY,
  DEFAULT_LONG_READ_TIMEOUT_MS,
  DEFAULT_WRITE_BATCH,
  MAX_REQUEST_DEADLINE_MS,
  MAX_WRITE_BATCH,
} from './datahub-limits.js';
import { LOG_FORMATS, LOG_LEVELS } from '../log.js';
import { judgeSchema } from './judge.js';
import { period, cycleSchema } from './cycle.js';
import { mcpSchema } from './mcp.js';
import { gateSchema } from './gate.js';
import { slackOrphanSettings } from './slack-orphans.js';
import { slackIncidentSettings } from './slack-incidents.js';

const underGms = `at most ${MAX_REQUEST_DEADLINE_MS} ms: DataHub answers 503 to a request still running after 55 s`;

/**
 * One schema per concern; a command validates only the concerns it uses. Each is strict: a key Janus does not know
 * (`timeoutMS`, `retrys`) is an error naming it and the closest known key, never silently ignored.
 */
export const datahubSchema = z.strictObject({
  /** GMS base URL, as DataHub's own CLI takes it (`DATAHUB_GMS_URL`); Janus appends `/api/graphql`. */
  url: z.url({ protocol: /^https?$/ }).default('http://localhost:8080'),
  token: z.string().min(1).optional(),
  timeoutMs: z.coerce.number().int().positive().max(MAX_REQUEST_DEADLINE_MS, underGms).default(10_000),
  /**
   * Time limit of a long read (a model's whole upstream reach, a blast-radius walk), which is not retried on a timeout
   * but split into smaller reads. Below GMS's own 55 s request timeout.
   */
  longReadTimeoutMs: z.coerce
    .number()
    .int()
    .positive()
    .max(MAX_REQUEST_DEADLINE_MS, underGms)
    .default(DEFAULT_LONG_READ_TIMEOUT_MS),
  retries: z.coerce.number().int().min(0).max(10).default(3),
  /** Requests in flight to DataHub at once, at most (batch reads overlap their round trips). */
  concurrency: z.coerce.number().int().min(1).max(32).default(DEFAULT_CONCURRENCY),
  /** Writes of one kind sent in one request (aliases of one mutation, which GMS runs in order). */
  writeBatch: z.coerce.number().int().min(1).max(MAX_WRITE_BATCH).default(DEFAULT_WRITE_BATCH),
  /** DataHub's web UI (e.g. http://localhost:9002): reports link entities to their pages there. */
  uiUrl: z.url({ protocol: /^https?$/ }).optional(),
});

export const logSchema = z.strictObject({
  level: z.enum(LOG_LEVELS).default('info'),
  /** `auto`: readable lines on a terminal, JSON otherwise. */
  format: z.enum(LOG_FORMATS).default('auto'),
});

export const redisSchema = z.strictObject({
  url: z
    .string()
    .regex(/^rediss?:\/\//, 'expected a redis:// or rediss:// URL')
    .optional(),
  /**
   * Start of every key Janus's service keeps and of BullMQ's queues. Redis Cluster needs a hash tag (`{janus}`)
   * so a queue's keys share one slot, as BullMQ's multi-key scripts require.
   */
  prefix: z
    .string()
    .regex(/^[\w{}.:-]+$/, 'expected letters, digits, _ . : - { }')
    .default('janus'),
});

export const slackSchema = z.strictObject({
  botToken: z.string().startsWith('xoxb-', 'expected a bot token starting with xoxb-').optional(),
  signingSecret: z.string().min(1).optional(),
  /**
   * The app-level token (`connections:write`): with it Janus answers Slack in Socket Mode, over a WebSocket it opens
   * itself (no public URL, no signing secret); without it, over HTTP at /slack/events.
   */
  appToken: z.string().startsWith('xapp-', 'expected an app-level token starting with xapp-').optional(),
  /** Slack's Web API base (tests point it at a fake Slack). */
  apiUrl: z.url({ protocol: /^https?$/ }).default('https://slack.com/api/'),
  /** `/janus trust` answers from the latest scan when its verdict is at most this old (ms); older, it judges live. */
  verdictMaxAgeMs: z.coerce.number().int().min(0).default(60_000),
  /** Where alerts nobody can be routed to go (a channel id or `#name`); unset: they are only logged. */
  fallbackChannel: z.string().min(1).optional(),
  /** An escalated alert is also posted here (a channel id or `#name`). */
  escalationChannel: z.string().min(1).optional(),
  /** More new alerts than this for one channel in one cycle become one digest message. */
  digestAbove: z.coerce.number().int().min(0).default(10),
  /** An alert nobody acknowledged this long after it was posted is raised again, once, in its thread. */
  escalateAfter: period('1h'),
  /** How long a Slack id found by `users.lookupByEmail` is kept (Redis) before it is asked again. */
  userCacheTtl: period('24h'),
  /** Least time between two messages to one channel (Slack allows about one a second). */
  channelGapMs: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** How long an alert's Web API call may take before its answer counts as lost (a post is then looked for). */
  apiTimeoutMs: z.coerce.number().int().min(100).max(120_000).default(10_000),
  ...slackIncidentSettings,
  ...slackOrphanSettings,
});

export const serverSchema = z.strictObject({
  port: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Where `janus serve` listens: this machine only unless told otherwise (a container or a proxy elsewhere: 0.0.0.0). */
  host: z.string().min(1).default('127.0.0.1'),
  /** Base URL people reach Janus at: the Model Impact Report links written into DataHub start with it. */
  publicUrl: z.url({ protocol: /^https?$/ }).optional(),
  /** How long /healthz gives DataHub to answer a one-model read before it says DataHub is down (no retry). */
  healthTimeoutMs: z.coerce.number().int().min(100).max(30_000).default(2_000),
});

export const configSchema = z.strictObject({
  cycle: cycleSchema.default(cycleSchema.parse({})),
  datahub: datahubSchema.default(datahubSchema.parse({})),
  log: logSchema.default(logSchema.parse({})),
  redis: redisSchema.default(redisSchema.parse({})),
  slack: slackSchema.default(slackSchema.parse({})),
  judge: judgeSchema.default(judgeSchema.parse({})),
  server: serverSchema.default(serverSchema.parse({})),
  mcp: mcpSchema.default(mcpSchema.parse({})),
  gate: gateSchema.default(gateSchema.parse({})),
});

export type Config = z.infer<typeof configSchema>;
export type DatahubConfig = z.infer<typeof datahubSchema>;
export type { CycleConfig } from './cycle.js';
export type { GateConfig } from './gate.js';
export type LogConfig = z.infer<typeof logSchema>;
