import { Command, InvalidArgumentError } from 'commander';
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

export interface ServeCommandDeps {
  env?: Record<string, string | undefined>;
  /** Gets the ready line (`janus serve ready <url>`); default stdout. */
  stdout?: { write(text: string): unknown };
  /** Resolves when the server should stop. Default: the first SIGTERM or SIGINT. */
  untilStopped?: () => Promise<unknown>;
}

const port = (value: string): number => {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || n > 65535) throw new InvalidArgumentError('expected a port from 0 to 65535');
  return n;
};

/** `janus serve`: the Model Impact Report, judged live from DataHub on each request, plus health and metrics. */
export const serveCommand = (deps: ServeCommandDeps = {}) =>
  new Command('serve')
    .description('serve Model Impact Reports over HTTP: /reports/<model urn or name>, /healthz, /metrics (docs/report.md); Slack\'s /janus at /slack/events when configured (docs/slack.md)')
    .option('--port <n>', 'port to listen on, 0 picks a free one (default: PORT, else 3000)', port)
    .option('--host <host>', 'address to listen on (default: JANUS_HOST, else 0.0.0.0)')
    .action(async (opts: { port?: number; host?: string }, cmd: Command) => {
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
    });
