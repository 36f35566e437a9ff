import type { Command } from 'commander';
import { startHttp } from '../../compose/http.js';
import { reportBaseUrl } from '../../compose/redis.js';
import { cliContext, type CliContext } from '../context.js';
import { untilSignal } from '@janus/datahub-sim/signals';
import type { Registry } from 'prom-client';
import type { AlertsOptions, RunningService } from '../../compose/service.js';
import { UsageError } from '../../errors.js';

import type { ServeCommandDeps } from './serve-deps.js';

/** How long in-flight jobs get to finish after SIGTERM before they are left to another worker's stalled-job check. */
const STOP_DEADLINE_MS = 25_000;

export interface ServeRole {
  /** Serve HTTP (reports, /healthz, /metrics, Slack, MCP). */
  http: boolean;
  /** Register the cycle's job scheduler. */
  scheduler: boolean;
  /** Run the cycle, write-back and notification workers in this process. */
  workers: boolean;
}

/** `janus serve` and `janus worker`, loaded only when they run: the server, Bolt, the MCP SDK and BullMQ are theirs. */
export async function runServe(
  opts: { port?: number; host?: string },
  cmd: Command,
  deps: ServeCommandDeps,
  role: ServeRole,
): Promise<void> {
  const env = deps.env ?? process.env;
  const ctx = cliContext(cmd, env);
  const logger = ctx.logger.child({ unit: role.http ? 'server' : 'worker' });
  const registry = new (await import('prom-client')).Registry();
  const { serviceHealth } = await import('../../jobs/health.js');
  const processHealth = serviceHealth({
    client: ctx.client,
    intervalMs: ctx.config.cycle.interval,
    startedAt: Date.now(),
    probeTimeoutMs: ctx.config.server.healthTimeoutMs,
  });
  let service: RunningService | undefined;
  let http: Awaited<ReturnType<typeof startHttp>> | undefined;
  // listen for the stop before anything answers: a supervisor may send it the moment /healthz answers, while the
  // service is still starting; the start then ends where it stands and the process stops as it would once ready
  let signalled: unknown;
  const stopped = (deps.untilStopped ?? untilSignal)().then((signal) => (signalled = signal ?? true));
  try {
    if (role.http) http = await startHttp(ctx, opts, registry, () => (service?.health ?? processHealth)());
    if (!signalled)
      service = await startServiceIfConfigured(
        ctx,
        role,
        logger,
        registry,
        http?.publicUrl ?? reportBaseUrl(ctx.config),
      );
    if (!signalled)
      (deps.stdout ?? process.stdout).write(http ? `janus serve ready ${http.running.url}\n` : 'janus worker ready\n');
    const signal = await stopped;
    logger.info({ signal }, 'stopping: no new jobs; in-flight ones get to finish');
  } finally {
    await http?.slack?.close();
    await http?.running.close();
    await service?.close(STOP_DEADLINE_MS);
    http?.redis?.disconnect();
  }
}

async function startServiceIfConfigured(
  ctx: CliContext,
  role: ServeRole,
  logger: CliContext['logger'],
  registry: Registry,
  publicUrl: string,
): Promise<RunningService | undefined> {
  if (!role.scheduler && !role.workers) return undefined;
  if (!ctx.config.redis.url) {
    if (!role.http) throw new UsageError('janus worker needs Redis: set REDIS_URL (redis://host:6379)');
    logger.warn('scheduled catalog cycles need Redis: set REDIS_URL to run them; serving HTTP only');
    return undefined;
  }
  const { startService } = await import('../../compose/service.js');
  return startService({
    redisUrl: ctx.config.redis.url,
    prefix: ctx.config.redis.prefix,
    cycle: ctx.config.cycle,
    client: ctx.client,
    policy: ctx.policy,
    logger: ctx.logger,
    registry,
    reportBaseUrl: publicUrl,
    healthTimeoutMs: ctx.config.server.healthTimeoutMs,
    scheduler: role.scheduler,
    workers: role.workers,
    ...alertsOptions(ctx.config),
    // the reverse sync of Slack's incident messages needs only the bot token (a `janus worker` answers no request)
    ...(ctx.config.slack.botToken
      ? { slack: { botToken: ctx.config.slack.botToken, apiUrl: ctx.config.slack.apiUrl } }
      : {}),
  });
}

/** Slack alerts are on when a bot token is set (posting needs no signing secret: that is for Slack's requests). */
function alertsOptions(config: CliContext['config']): { alerts?: AlertsOptions } {
  const s = config.slack;
  if (!s.botToken) return {};
  return {
    alerts: {
      botToken: s.botToken,
      apiUrl: s.apiUrl,
      ...(s.fallbackChannel ? { fallbackChannel: s.fallbackChannel } : {}),
      ...(s.escalationChannel ? { escalationChannel: s.escalationChannel } : {}),
      digestAbove: s.digestAbove,
      escalateAfterMs: s.escalateAfter,
      userCacheTtlMs: s.userCacheTtl,
      channelGapMs: s.channelGapMs,
      apiTimeoutMs: s.apiTimeoutMs,
      orphanPings: s.orphanPings,
      ...(config.datahub.uiUrl ? { datahubUiUrl: config.datahub.uiUrl } : {}),
    },
  };
}
