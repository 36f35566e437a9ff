import type { Command } from 'commander';
import { janusIncidentsForModel } from '../../app/incidents.js';
import { judgeModel } from '../../app/judge-model.js';
import { createJanusServer, listen, type Mount } from '../../server/index.js';
import { MemoryScanHistory, RedisScanHistory } from '../../history/index.js';
import { liveMcpDeps } from '../../mcp/deps.js';
import { createMcpHttpHandler } from '../../mcp/http-transport.js';
import { createJanusMcpServer } from '../../mcp/server.js';
import { slackEnabled, slackMount } from '../../slack/mount.js';
import { cliContext } from '../context.js';
import { VERSION } from '../../version.js';
import { optionalRedis, reportBaseUrl } from '../redis.js';
import { untilSignal } from '../signals.js';

import type { ServeCommandDeps } from './serve.js';

/** What `janus serve` does, loaded only when it runs: the server, Slack's Bolt app and the MCP SDK are its own. */
export async function runServe(opts: { port?: number; host?: string }, cmd: Command, deps: ServeCommandDeps): Promise<void> {
  const env = deps.env ?? process.env;
  const ctx = cliContext(cmd, env);
  const datahubUiUrl = ctx.config.datahub.uiUrl;
  const judgeDeps = { client: ctx.client, policy: ctx.policy };
  const logger = ctx.logger.child({ unit: 'server' });
  const redis = ctx.config.mcp.http || slackEnabled(ctx.config.slack) ? optionalRedis(ctx.config, logger) : undefined;
  const mounts: Mount[] = ctx.config.mcp.http
    ? [{
        path: ctx.config.mcp.httpPath,
        name: 'mcp',
        handler: createMcpHttpHandler(
          () => createJanusMcpServer(liveMcpDeps({
            client: ctx.client, policy: ctx.policy, history: redis ? new RedisScanHistory(redis) : new MemoryScanHistory(),
            allowWrites: ctx.config.mcp.allowWrites, logger, version: VERSION, reportBaseUrl: reportBaseUrl(ctx.config), ...(redis ? { redis } : {}),
          })),
          { logger },
        ),
      }]
    : [];
  let publicUrl = reportBaseUrl(ctx.config);
  const history = redis ? new RedisScanHistory(redis) : new MemoryScanHistory();
  const slack = await slackMount({ config: ctx.config, judge: judgeDeps, history, logger, reportBaseUrl: () => publicUrl }).catch((err: unknown) => {
    redis?.disconnect();
    throw err;
  });
  if (slack) mounts.push(slack);
  const janus = createJanusServer({
    judge: (ref) => judgeModel(judgeDeps, ref),
    incidents: (urn) => janusIncidentsForModel(judgeDeps, urn),
    logger,
    mounts,
    ...(datahubUiUrl ? { datahubUiUrl } : {}),
  });
  const running = await listen(janus.server, opts.port ?? ctx.config.server.port, opts.host ?? ctx.config.server.host);
  publicUrl = ctx.config.server.publicUrl ?? `http://localhost:${running.port}`;
  if (slack && !ctx.config.server.publicUrl) logger.warn({ publicUrl }, 'JANUS_PUBLIC_URL is not set: the report links Slack shows point at this machine');
  logger.info({ url: running.url, publicUrl, datahub: ctx.client.url }, 'serving Model Impact Reports');
  (deps.stdout ?? process.stdout).write(`janus serve ready ${running.url}\n`);
  const signal = await (deps.untilStopped ?? untilSignal)();
  logger.info({ signal }, 'stopping');
  await running.close();
  redis?.disconnect();
}
