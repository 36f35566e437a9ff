import { Command, InvalidArgumentError } from 'commander';
import type { ServeCommandDeps } from './serve-deps.js';

const port = (value: string): number => {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || n > 65535) throw new InvalidArgumentError('expected a port from 0 to 65535');
  return n;
};

/** `janus serve`: the Model Impact Report, judged live from DataHub on each request, plus health and metrics. */
/** `janus serve`: HTTP, the cycle's schedule and (unless --no-workers) the workers, in one process. */
export const serveCommand = (deps: ServeCommandDeps = {}) =>
  new Command('serve')
    .description(
      "watch the catalog (a cycle every JANUS_CYCLE_INTERVAL, with REDIS_URL) and serve Model Impact Reports at /reports/<model>, /healthz, /metrics; Slack's /janus at /slack/events when configured",
    )
    .option('--port <n>', 'port to listen on, 0 picks a free one (default: PORT, else 3000)', port)
    .option('--host <host>', 'address to listen on (default: JANUS_HOST, else 127.0.0.1)')
    .option('--no-workers', 'HTTP and the cycle schedule only: the cycles run in `janus worker` processes')
    .addHelpText(
      'after',
      '\nWith REDIS_URL set, it also watches the catalog: a cycle every JANUS_CYCLE_INTERVAL (default 30s), judged and written back by workers (docs/architecture.md).',
    )
    .action(async (opts: { port?: number; host?: string; workers: boolean }, cmd: Command) =>
      (await import('./serve-run.js')).runServe(opts, cmd, deps, {
        http: true,
        scheduler: true,
        workers: opts.workers,
      }),
    );

/** `janus worker`: runs cycles, write-back and notification jobs from Redis; start as many as the load needs. */
export const workerCommand = (deps: ServeCommandDeps = {}) =>
  new Command('worker')
    .description(
      "run the service's jobs (catalog cycles, write-back, notifications) from Redis (REDIS_URL); start several to scale out",
    )
    .option('--port <n>', 'also serve /healthz, /metrics and reports on this port', port)
    .option('--host <host>', 'address for --port (default: JANUS_HOST, else 127.0.0.1)')
    .action(async (opts: { port?: number; host?: string }, cmd: Command) =>
      (await import('./serve-run.js')).runServe(opts, cmd, deps, {
        http: opts.port !== undefined,
        scheduler: false,
        workers: true,
      }),
    );
