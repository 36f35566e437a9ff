import { Command, InvalidArgumentError } from 'commander';

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
    .action(async (opts: { port?: number; host?: string }, cmd: Command) => (await import('./serve-run.js')).runServe(opts, cmd, deps));
