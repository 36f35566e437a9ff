/**
 * `/janus trust` through the Slack app, end to end: a signed slash command sent to Janus's HTTP server (Bolt,
 * the handler, the use case, Block Kit) until the verdict is posted at a fake Slack's response URL. Two paths:
 * answered from the scan history (a scan of the catalog recorded the verdicts first), and judged live (on a
 * catalog where a model's graph is small). Janus and the fake Slack run in this process; the simulator in its own.
 *
 * Alone: `node dist/bench/measure-slack.js [--catalog medium|small] [--latency-ms 20]` (after `npm run bench`'s build).
 */
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import { judgeCatalog } from '../src/app/judge-catalog.js';
import { judgePolicy, loadConfig } from '../src/config/index.js';
import { createDataHubClient } from '../src/datahub/client.js';
import { MemoryVerdictHistory, RedisVerdictHistory, type VerdictHistory } from '../src/history/index.js';
import { createLogger } from '../src/log.js';
import { createJanusServer, listen } from '../src/server/index.js';
import { SLACK_PATH } from '../src/slack/bolt-app.js';
import { slackListeners } from '../src/compose/slack.js';
import { slackMount } from '../src/compose/slack-mount.js';
import { GENERATED_NOW } from '@janus/datahub-sim/generate';
import { startFakeSlack, type FakeSlack } from '../test/slack/fake-slack.js';
import { sendSlashCommand } from '../test/slack/slash-command.js';
import { depthCatalog, ensureCatalog, MEDIUM, SMALL, type CatalogSpec } from './catalogs.js';
import type { SlackFigures, SlackPathFigures } from './figures.js';
import { ROOT } from './paths.js';
import { startSimProcess, type SimProcess } from './sim-process.js';

const SECRET = 'bench-signing-secret';
/** The live path: a catalog where one model's upstream graph is small (129 entities). */
const LIVE_CATALOG = depthCatalog(6);

export interface SlackBenchOptions {
  rttMs: number;
  /** The history path's catalog (the target's is medium). */
  catalog: CatalogSpec;
  /** Requests per path, each for a model (cycling when the catalog has fewer). */
  requests: number;
  log: (line: string) => void;
}

export async function measureSlack(opts: SlackBenchOptions): Promise<SlackFigures> {
  const slack = await startFakeSlack();
  try {
    const history = await measurePath(opts, slack, opts.catalog, 'scan');
    const live = await measurePath(opts, slack, LIVE_CATALOG, 'live');
    const unexpected = slack.unexpected.length
      ? `; the fake Slack saw unexpected calls: ${slack.unexpected.join(', ')}`
      : '';
    return {
      status: history.status === 'done' && live.status === 'done' ? 'done' : 'error',
      ...(unexpected ? { reason: unexpected.slice(2) } : {}),
      history,
      live,
    };
  } finally {
    await slack.close();
  }
}

async function measurePath(
  opts: SlackBenchOptions,
  slack: FakeSlack,
  spec: CatalogSpec,
  path: 'scan' | 'live',
): Promise<SlackPathFigures> {
  const catalog = await ensureCatalog(spec);
  opts.log(
    `  slack (${path === 'scan' ? 'from the scan history' : 'judged live'}): ${spec.name} catalog, ${opts.rttMs} ms per request`,
  );
  const sim = await startSimProcess({ catalog: catalog.path, latencyMs: opts.rttMs });
  const models = Array.from(
    { length: Math.min(opts.requests, spec.models) },
    (_, j) => `model_${String(j).padStart(5, '0')}`,
  );
  // The history path uses Redis when REDIS_URL is set, as `janus serve` does.
  const redis = path === 'scan' && process.env.REDIS_URL ? new Redis(process.env.REDIS_URL) : undefined;
  const prefix = `janus-bench:${randomUUID()}:`;
  const history: VerdictHistory = redis ? new RedisVerdictHistory(redis, { prefix }) : new MemoryVerdictHistory();
  try {
    const scan = path === 'scan' ? await scanInto(sim, history, models.length) : undefined;
    if (scan) opts.log(`  scan recorded ${scan.models} verdicts in ${Math.round(scan.ms)} ms (${history.kind})`);
    // Janus's clock runs from the catalog's time base, so the scan's verdicts are seconds old, as the poller keeps them.
    const started = Date.now();
    const janus = await startJanus(sim, slack, history, () => GENERATED_NOW + (Date.now() - started));
    try {
      await ask(slack, janus, models[0]!); // warm-up, not counted
      await sim.resetStats();
      const times: number[] = [];
      const sources = { scan: 0, live: 0 };
      for (let i = 0; i < opts.requests; i++) {
        const answer = await ask(slack, janus, models[i % models.length]!);
        times.push(answer.ms);
        sources[answer.source]++;
      }
      const stats = await sim.stats();
      opts.log(
        `  ${opts.requests} requests: p50 ${pct(times, 50)} ms, p95 ${pct(times, 95)} ms, max ${Math.max(...times)} ms (${sources.scan} from the scan, ${sources.live} judged now)`,
      );
      return {
        catalog: spec.name,
        path,
        status: 'done',
        requests: times.length,
        models: models.length,
        p50Ms: pct(times, 50),
        p95Ms: pct(times, 95),
        maxMs: Math.max(...times),
        fromScan: sources.scan,
        judgedNow: sources.live,
        simRequests: stats.requests,
        byOperation: stats.byOperation,
        history: history.kind,
        ...(scan ? { scan } : {}),
      };
    } finally {
      await janus.close();
    }
  } catch (e) {
    return {
      catalog: spec.name,
      path,
      status: 'error',
      reason: e instanceof Error ? e.message : String(e),
      requests: 0,
      models: models.length,
      fromScan: 0,
      judgedNow: 0,
    };
  } finally {
    if (redis) {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
    }
    await sim.stop();
  }
}

/** Stops the scan once it has judged what the requests ask about. */
class Enough extends Error {}

/** The scan use case (`janus scan`'s catalog-wide judgment) recording each verdict, as the poller does. */
async function scanInto(
  sim: SimProcess,
  history: VerdictHistory,
  wanted: number,
): Promise<{ models: number; ms: number }> {
  const started = performance.now();
  const writes: Promise<void>[] = [];
  const client = createDataHubClient({ url: sim.url });
  const policy = judgePolicy(loadConfig({ env: {}, cwd: ROOT }).judge);
  try {
    await judgeCatalog({ client, policy, now: () => GENERATED_NOW }, (v) => {
      writes.push(history.record(v));
      if (writes.length >= wanted) throw new Enough();
    });
  } catch (e) {
    if (!(e instanceof Enough)) throw e;
  }
  await Promise.all(writes);
  return { models: writes.length, ms: Math.round(performance.now() - started) };
}

interface Janus {
  endpoint: string;
  close(): Promise<void>;
}

/** Janus's server with the Slack app mounted, wired as `janus serve` wires it. */
async function startJanus(
  sim: SimProcess,
  slack: FakeSlack,
  history: VerdictHistory,
  now: () => number,
): Promise<Janus> {
  const config = loadConfig({
    env: {
      DATAHUB_GMS_URL: sim.url,
      SLACK_BOT_TOKEN: 'xoxb-bench',
      SLACK_SIGNING_SECRET: SECRET,
      SLACK_API_URL: slack.apiUrl,
    },
    cwd: ROOT,
  });
  const logger = createLogger({ level: 'warn', format: 'json' });
  const client = createDataHubClient({
    url: config.datahub.url,
    timeoutMs: config.datahub.timeoutMs,
    retry: { retries: config.datahub.retries },
  });
  let base = '';
  const mount = await slackMount({
    config,
    logger,
    listeners: slackListeners({
      config,
      judge: { client, policy: judgePolicy(config.judge), now },
      history,
      logger,
      reportBaseUrl: () => base,
    }),
  });
  if (!mount?.mount) throw new Error('Slack did not start');
  const server = createJanusServer({
    judge: () => Promise.reject(new Error('not served in the bench')),
    logger,
    mounts: [mount.mount],
  }).server;
  const running = await listen(server, 0, '127.0.0.1');
  base = running.url;
  return { endpoint: `${running.url}${SLACK_PATH}`, close: () => (server.closeAllConnections(), running.close()) };
}

/** One `/janus trust <model>`: from sending the signed request to the reply arriving at the response URL. */
async function ask(slack: FakeSlack, janus: Janus, model: string): Promise<{ ms: number; source: 'scan' | 'live' }> {
  const { id, url } = slack.responseUrl();
  const sent = performance.now();
  const res = await sendSlashCommand(janus.endpoint, { text: `trust ${model}`, responseUrl: url, secret: SECRET });
  if (res.status !== 200) throw new Error(`/janus trust ${model}: HTTP ${res.status}`);
  const message = (await slack.posted(id)) as { response_type?: string; text?: string; blocks?: unknown[] };
  const ms = Math.round(slack.responses.find((r) => r.id === id)!.at - sent);
  // the answer is ephemeral (a person's question); a verdict opens with Argos's "<model> scores N/100."
  if (!/ scores \d+\/100\./.test(message.text ?? ''))
    throw new Error(`/janus trust ${model}: no verdict (${message.text})`);
  return { ms, source: JSON.stringify(message.blocks).includes('As of the scan at') ? 'scan' : 'live' };
}

/** Nearest-rank percentile. */
export const pct = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: {
      catalog: { type: 'string', default: 'medium' },
      'latency-ms': { type: 'string', default: '20' },
      requests: { type: 'string', default: '40' },
    },
  });
  const started = performance.now();
  const log = (line: string) =>
    console.log(`[${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);
  measureSlack({
    rttMs: Number(values['latency-ms']),
    catalog: values.catalog === 'small' ? SMALL : MEDIUM,
    requests: Number(values.requests),
    log,
  })
    .then((f) => console.log(JSON.stringify(f, null, 2)))
    .catch((e: unknown) => {
      console.error(e instanceof Error ? (e.stack ?? e.message) : e);
      process.exitCode = 1;
    });
}
