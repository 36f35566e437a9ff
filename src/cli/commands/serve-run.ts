import type { Command } from 'commander';
import { janusIncidentsForModel } from '../../app/incidents.js';
import { judgeModel } from '../../app/judge-model.js';
import { createJanusServer, listen, type Mount } from '../../server/index.js';
import { MemoryVerdictHistory, RedisVerdictHistory } from '../../history/index.js';
import { liveMcpDeps } from '../../mcp/deps.js';
import { createMcpHttpHandler } from '../../mcp/http-transport.js';
import { mcpHttpAccess } from '../../mcp/http-access.js';
import { createJanusMcpServer } from '../../mcp/server.js';
import { slackEnabled, slackMount } from '../../slack/mount.js';
import { AlertStore } from '../../jobs/alert-store.js';
import { slackListeners } from './serve-slack.js';
import { cliContext, type CliContext } from '../context.js';
import { VERSION } from '../../version.js';
import { optionalRedis, reportBaseUrl } from '../redis.js';
import { untilSignal } from '@janus/datahub-sim/signals';
import type { Registry } from 'prom-client';
import type { HealthReport } from '../../jobs/health.js';
import type { AlertsOptions, RunningService } from '../../compose/service.js';
import { UsageError } from '../../errors.js';
import { RedisLocks } from '../../redis/lock.js';

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
  });
  let service: RunningService | undefined;
  let http: Awaited<ReturnType<typeof startHttp>> | undefined;
  try {
    if (role.http) http = await startHttp(ctx, opts, registry, () => (service?.health ?? processHealth)());
    service = await startServiceIfConfigured(ctx, role, logger, registry, http?.publicUrl ?? reportBaseUrl(ctx.config));
    // listen for the stop before saying ready: a supervisor may send it the moment it reads the line
    const stopped = (deps.untilStopped ?? untilSignal)();
    (deps.stdout ?? process.stdout).write(http ? `janus serve ready ${http.running.url}\n` : 'janus worker ready\n');
    const signal = await stopped;
    logger.info({ signal }, 'stopping: no new jobs; in-flight ones get to finish');
  } finally {
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
      orphanPings: s.orphanPings,
      ...(config.datahub.uiUrl ? { datahubUiUrl: config.datahub.uiUrl } : {}),
    },
  };
}

async function startHttp(
  ctx: CliContext,
  opts: { port?: number; host?: string },
  registry: Registry,
  health: () => Promise<HealthReport>,
) {
  const datahubUiUrl = ctx.config.datahub.uiUrl;
  const judgeDeps = { client: ctx.client, policy: ctx.policy };
  const logger = ctx.logger.child({ unit: 'server' });
  const redis = ctx.config.mcp.http || slackEnabled(ctx.config.slack) ? optionalRedis(ctx.config, logger) : undefined;
  const historyPrefix = { prefix: `${ctx.config.redis.prefix}:` };
  const access = ctx.config.mcp.http ? mcpHttpAccess(ctx.config) : undefined;
  const mounts: Mount[] = ctx.config.mcp.http
    ? [
        {
          path: ctx.config.mcp.httpPath,
          name: 'mcp',
          handler: createMcpHttpHandler(
            () =>
              createJanusMcpServer(
                liveMcpDeps({
                  client: ctx.client,
                  policy: ctx.policy,
                  history: redis ? new RedisVerdictHistory(redis, historyPrefix) : new MemoryVerdictHistory(),
                  allowWrites: ctx.config.mcp.allowWrites,
                  logger,
                  version: VERSION,
                  reportBaseUrl: reportBaseUrl(ctx.config),
                  ...(redis ? { locks: new RedisLocks(redis, ctx.config.redis.prefix) } : {}),
                }),
              ),
            { logger, ...(access ? { access } : {}) },
          ),
        },
      ]
    : [];
  let publicUrl = reportBaseUrl(ctx.config);
  const history = redis ? new RedisVerdictHistory(redis, historyPrefix) : new MemoryVerdictHistory();
  const slack = await slackMount({
    config: ctx.config,
    logger,
    listeners: slackListeners({
      config: ctx.config,
      judge: judgeDeps,
      history,
      logger,
      reportBaseUrl: () => publicUrl,
      ...(redis ? { redis } : {}),
      ...(redis ? { snooze: { client: ctx.client, store: new AlertStore(redis, ctx.config.redis.prefix) } } : {}),
    }),
    describe: { history: history.kind, verdictMaxAgeMs: ctx.config.slack.verdictMaxAgeMs, snooze: !!redis },
    ...(redis ? { redis, redisPrefix: ctx.config.redis.prefix } : {}),
  }).catch((err: unknown) => {
    redis?.disconnect();
    throw err;
  });
  if (slack) mounts.push(slack);
  const janus = createJanusServer({
    judge: (ref) => judgeModel(judgeDeps, ref),
    incidents: (urn) => janusIncidentsForModel(judgeDeps, urn),
    logger,
    mounts,
    health,
    registry,
    ...(datahubUiUrl ? { datahubUiUrl } : {}),
  });
  const running = await listen(janus.server, opts.port ?? ctx.config.server.port, opts.host ?? ctx.config.server.host);
  publicUrl = ctx.config.server.publicUrl ?? `http://localhost:${running.port}`;
  if (slack && !ctx.config.server.publicUrl)
    logger.warn({ publicUrl }, 'JANUS_PUBLIC_URL is not set: the report links Slack shows point at this machine');
  logger.info({ url: running.url, publicUrl, datahub: ctx.client.url }, 'serving Model Impact Reports');
  return { running, redis, publicUrl };
}
