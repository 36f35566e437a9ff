import type { Queue } from 'bullmq';
import type { Registry } from 'prom-client';
import type { CycleConfig } from '../config/index.js';
import type { JudgePolicy } from '../core/verdict.js';
import type { DataHubClient } from '../datahub/client.js';
import type { QUEUES } from '../jobs/names.js';
import type { Logger } from '../log.js';

export interface ServiceOptions {
  redisUrl: string;
  /** Queue and key prefix (`redis.prefix`). */
  prefix: string;
  cycle: CycleConfig;
  client: DataHubClient;
  policy: JudgePolicy;
  logger: Logger;
  registry: Registry;
  reportBaseUrl?: string;
  /** How long /healthz gives DataHub to answer (`server.healthTimeoutMs`). */
  healthTimeoutMs?: number;
  /** Register the cycle's job scheduler (`janus serve`; a `janus worker` only works). */
  scheduler: boolean;
  /** Run workers in this process (`janus serve --no-workers` does not). */
  workers: boolean;
  /** Slack, when on: each cycle brings the messages showing incidents up to date with DataHub. */
  slack?: { botToken: string; apiUrl: string };
  /** Consume the notifications queue with the logging sink when Slack alerts are off (default true). */
  notificationSink?: boolean;
  /** Slack alerts (a bot token set): they consume the notifications queue instead of the logging sink. */
  alerts?: AlertsOptions;
  now?: () => number;
}

/** What the Slack alerts need (the `slack.*` settings, docs/slack.md). */
export interface AlertsOptions {
  botToken: string;
  apiUrl?: string;
  fallbackChannel?: string;
  escalationChannel?: string;
  digestAbove: number;
  escalateAfterMs: number;
  userCacheTtlMs: number;
  channelGapMs: number;
  /** How long an alert's Web API call may take (`slack.apiTimeoutMs`; default 10 s). */
  apiTimeoutMs?: number;
  datahubUiUrl?: string;
  /** Ping orphans with a Claim button (`slack.orphanPings`); off, they are still recorded for App Home. */
  orphanPings?: boolean;
}

/** The service's queues, one a `QUEUES` entry. */
export type ServiceQueues = Record<keyof typeof QUEUES, Queue>;
