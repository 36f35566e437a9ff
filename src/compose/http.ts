import type { Registry } from 'prom-client';
import { janusIncidentsForModel } from '../app/incidents.js';
import { judgeModel } from '../app/judge-model.js';
import type { HealthReport } from '../jobs/health.js';
import { createJanusServer, listen, type Mount } from '../server/index.js';
import type { Context } from './context.js';
import { mcpMount } from './mcp.js';
import { optionalRedis, reportBaseUrl, verdictHistory } from './redis.js';
import { slackListeners } from './slack.js';
import { slackEnabled, slackMount, type SlackEdge } from './slack-mount.js';

/**
 * `janus serve`'s HTTP side: reports, /healthz, /metrics, and the edges mounted on it (MCP over HTTP, Slack), all on
 * one Redis connection and one verdict history when Redis is configured. Listening when it resolves; Slack in Socket
 * Mode is connected then too (its `slack.close()` is the caller's, beside the server's).
 */
export async function startHttp(
  ctx: Context,
  opts: { port?: number; host?: string },
  registry: Registry,
  health: () => Promise<HealthReport>,
) {
  const datahubUiUrl = ctx.config.datahub.uiUrl;
  const judgeDeps = { client: ctx.client, policy: ctx.policy };
  const logger = ctx.logger.child({ unit: 'server' });
  const redis = ctx.config.mcp.http || slackEnabled(ctx.config.slack) ? optionalRedis(ctx.config, logger) : undefined;
  const history = verdictHistory(ctx.config, redis);
  let publicUrl = reportBaseUrl(ctx.config);
  const mounts: Mount[] = [];
  let slack: SlackEdge | undefined;
  try {
    // without Redis each MCP session keeps its own history in memory, as Slack keeps its own
    const mcp = mcpMount(ctx, { logger, ...(redis ? { history, redis } : {}) });
    if (mcp) mounts.push(mcp);
    slack = await slackMount({
      config: ctx.config,
      logger,
      listeners: slackListeners({
        config: ctx.config,
        judge: judgeDeps,
        history,
        logger,
        reportBaseUrl: () => publicUrl,
        ...(redis ? { redis } : {}),
      }),
      describe: { history: history.kind, verdictMaxAgeMs: ctx.config.slack.verdictMaxAgeMs, snooze: !!redis },
      ...(redis ? { redis, redisPrefix: ctx.config.redis.prefix } : {}),
    });
    if (slack?.mount) mounts.push(slack.mount);
  } catch (err) {
    redis?.disconnect();
    throw err;
  }
  const janus = createJanusServer({
    judge: (ref) => judgeModel(judgeDeps, ref),
    incidents: (urn) => janusIncidentsForModel(judgeDeps, urn),
    atRisk: async () => (await history.latest()).filter((s) => s.band !== 'trusted'),
    logger,
    mounts,
    health,
    registry,
    ...(datahubUiUrl ? { datahubUiUrl } : {}),
    ...(ctx.policy.asOf !== undefined ? { judgedAt: ctx.policy.asOf } : {}),
  });
  const running = await listen(
    janus.server,
    opts.port ?? ctx.config.server.port,
    opts.host ?? ctx.config.server.host,
  ).catch(async (err: unknown) => {
    // a Socket Mode connection would keep reconnecting, and the process alive, after a failed start
    await slack?.close();
    throw err;
  });
  publicUrl = ctx.config.server.publicUrl ?? `http://localhost:${running.port}`;
  if (slack && !ctx.config.server.publicUrl)
    logger.warn({ publicUrl }, 'JANUS_PUBLIC_URL is not set: the report links Slack shows point at this machine');
  logger.info({ url: running.url, publicUrl, datahub: ctx.client.url }, 'serving Model Impact Reports');
  return { running, redis, publicUrl, ...(slack ? { slack } : {}) };
}
