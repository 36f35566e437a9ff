import type { Registry } from 'prom-client';
import { janusIncidentsForModel } from '../app/incidents.js';
import { judgeModel } from '../app/judge-model.js';
import type { HealthReport } from '../jobs/health.js';
import { createJanusServer, listen, type Mount } from '../server/index.js';
import type { Context } from './context.js';
import { mcpMount } from './mcp.js';
import { optionalRedis, reportBaseUrl, verdictHistory } from './redis.js';
import { slackListeners } from './slack.js';
import { slackEnabled, slackMount } from './slack-mount.js';

/**
 * `janus serve`'s HTTP side: reports, /healthz, /metrics, and the edges mounted on it (MCP over HTTP, Slack), all on
 * one Redis connection and one verdict history when Redis is configured. Listening when it resolves.
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
  try {
    // without Redis each MCP session keeps its own history in memory, as Slack keeps its own
    const mcp = mcpMount(ctx, { logger, ...(redis ? { history, redis } : {}) });
    if (mcp) mounts.push(mcp);
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
      }),
      describe: { history: history.kind, verdictMaxAgeMs: ctx.config.slack.verdictMaxAgeMs, snooze: !!redis },
      ...(redis ? { redis, redisPrefix: ctx.config.redis.prefix } : {}),
    });
    if (slack) mounts.push(slack);
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
  });
  const running = await listen(janus.server, opts.port ?? ctx.config.server.port, opts.host ?? ctx.config.server.host);
  publicUrl = ctx.config.server.publicUrl ?? `http://localhost:${running.port}`;
  if (mounts.some((m) => m.name === 'slack') && !ctx.config.server.publicUrl)
    logger.warn({ publicUrl }, 'JANUS_PUBLIC_URL is not set: the report links Slack shows point at this machine');
  logger.info({ url: running.url, publicUrl, datahub: ctx.client.url }, 'serving Model Impact Reports');
  return { running, redis, publicUrl };
}
