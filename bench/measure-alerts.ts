/**
 * Argos's alerts, end to end: `janus serve` (its own process, on Redis, cycles every second) against the simulator
 * (its own process, 20 ms a request) and a fake Slack in this process that allows one message a second per channel
 * and answers 429 beyond. One root cause (a failing assertion on the table every model is trained from) hurting 500
 * models owned by 20 teams, raised and cleared `rounds` times:
 * - the first raise: how many messages (the target: exactly 20, one per team channel) and how long from the ingest's
 *   answer, and from the transition queued, to the last of them posted (target ≤ 25 s);
 * - every raise: transition queued (the commit's BullMQ job timestamp) → first alert posted (target p95 ≤ 2 s on top
 *   of the cycle), next to ingest → transition queued (the cycle's part).
 *
 * Alone: `node dist/bench/measure-alerts.js [--rounds 12] [--latency-ms 20]` (after `npm run bench`'s build).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ingestProposal } from '@janus/datahub-sim/ingest-client';
import { writeCatalogFile } from '@janus/datahub-sim/generate';
import { startFakeSlack, type FakeSlack } from '../test/slack/fake-slack.js';
import { alertsCatalog, checkResult } from './alerts-catalog.js';
import type { AlertsFigures } from './figures.js';
import { OUT } from './paths.js';
import { startServiceProcess, type ServiceProcess } from './service-process.js';
import { benchPrefix, nextCommitted, redisAnswers, serviceRedis } from './service-redis.js';
import { startSimProcess, type SimProcess } from './sim-process.js';

export interface AlertsBenchOptions {
  rttMs: number;
  models: number;
  teams: number;
  /** Raise-and-clear rounds: each raise is a sample of the first-alert delay. */
  rounds: number;
  redisUrl: string;
  log: (line: string) => void;
}

const round1 = (x: number) => Math.round(x * 10) / 10;
const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

async function until<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export async function measureAlerts(o: AlertsBenchOptions): Promise<AlertsFigures> {
  const base = { models: o.models, teams: o.teams, rttMs: o.rttMs, rounds: o.rounds, loadAtStart: os.loadavg()[0]! };
  if (!(await redisAnswers(o.redisUrl))) return { ...base, status: 'skipped', reason: `no Redis at ${o.redisUrl}` };
  const catalog = alertsCatalog(o.models, o.teams);
  const dir = path.join(OUT, 'catalogs');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `alerts-${o.models}x${o.teams}.json`);
  writeCatalogFile(catalog.records, file);

  let sim: SimProcess | undefined;
  let serve: ServiceProcess | undefined;
  let slack: FakeSlack | undefined;
  const prefix = benchPrefix('alerts');
  const redis = serviceRedis(o.redisUrl, prefix);
  try {
    slack = await startFakeSlack();
    slack.perChannelPerSecond = 1;
    for (const t of catalog.teams) {
      slack.addChannel({ name: t.channel });
      slack.addUser(t.email, t.slackId);
    }
    slack.addChannel({ name: 'janus-alerts' });
    sim = await startSimProcess({ catalog: file, latencyMs: o.rttMs });
    serve = await startServiceProcess(
      'serve',
      {
        DATAHUB_GMS_URL: sim.url,
        REDIS_URL: o.redisUrl,
        JANUS_REDIS_PREFIX: prefix,
        JANUS_CYCLE_INTERVAL: '1s',
        JANUS_CYCLE_REFRESH: '1h',
        JANUS_PUBLIC_URL: 'http://janus.bench.test',
        SLACK_BOT_TOKEN: 'xoxb-bench-alerts',
        SLACK_SIGNING_SECRET: 'bench-alerts-secret',
        SLACK_API_URL: slack.apiUrl,
        JANUS_SLACK_FALLBACK_CHANNEL: '#janus-alerts',
      },
      { logName: 'alerts-serve' },
    );
    o.log(`  alerts: janus serve up on ${o.models} models, ${o.teams} teams; waiting for the first cycle`);
    let last = (await nextCommitted(redis, undefined, 120_000))?.id;
    if (!last) throw new Error('no first cycle within 120 s');
    const cpuStart = serve.cpuMs();

    const firstDelays: number[] = [];
    const seen = new Set<string>();
    const cycleParts: number[] = [];
    let first:
      | Pick<AlertsFigures, 'messages' | 'channelsPosted' | 'deliveredS' | 'deliveredAfterTransitionS' | 'rateLimited'>
      | undefined;
    for (let r = 1; r <= o.rounds; r++) {
      const posted = slack.messages.length;
      const limited = slack.calls.filter((c) => c.status === 429).length;
      const ingested = Date.now();
      const res = await ingestProposal(sim.url, checkResult(catalog, 'FAILURE'));
      if (res.status !== 200) throw new Error(`ingest failed: ${res.status}`);
      const answered = Date.now();
      const job = await until(
        async () =>
          (await redis.transitions()).find(
            (t) =>
              t.state === 'raised' &&
              t.key?.startsWith('upstream_failure:') &&
              t.queuedAt >= ingested &&
              !seen.has(t.id),
          ),
        120_000,
        `round ${r}'s transition`,
      );
      seen.add(job.id);
      const parents = () => slack!.messages.slice(posted).filter((m) => !m.thread_ts);
      await until(() => parents().length >= o.teams, 120_000, `${o.teams} alerts of round ${r}`);
      // a moment for anything more (there must be nothing)
      await new Promise((res) => setTimeout(res, 1500));
      const mine = parents();
      firstDelays.push(Math.max(0, Math.min(...mine.map((m) => m.wall)) - job.queuedAt));
      cycleParts.push(job.queuedAt - answered);
      if (r === 1) {
        const lastAt = Math.max(...mine.map((m) => m.wall));
        first = {
          messages: slack.messages.length - posted,
          channelsPosted: new Set(mine.map((m) => m.channel)).size,
          deliveredS: round1((lastAt - ingested) / 1000),
          deliveredAfterTransitionS: round1((lastAt - job.queuedAt) / 1000),
          rateLimited: slack.calls.filter((c) => c.status === 429).length - limited,
        };
        o.log(
          `  alerts: round 1: ${first.messages} messages in ${first.channelsPosted} channels, last ${first.deliveredS} s after the ingest`,
        );
      }
      // cleared: the recovery replies, before the next round
      const replies = slack.messages.length;
      last = (await nextCommitted(redis, last, 60_000))?.id ?? last;
      await ingestProposal(sim.url, checkResult(catalog, 'SUCCESS'));
      await until(
        () => slack!.messages.slice(replies).filter((m) => m.thread_ts).length >= o.teams,
        120_000,
        `round ${r}'s recovery`,
      );
      last = (await nextCommitted(redis, last, 60_000))?.id ?? last;
    }
    const cpuMs = serve.cpuMs() - cpuStart;
    return {
      ...base,
      status: 'done',
      ...first!,
      firstAlertS: firstDelays.map((d) => Math.round(d) / 1000),
      firstAlertP50S: percentile(firstDelays, 50) / 1000,
      firstAlertP95S: percentile(firstDelays, 95) / 1000,
      cyclePartP50S: percentile(cycleParts, 50) / 1000,
      serveCpuS: round1(cpuMs / 1000),
      rateLimitedTotal: slack.calls.filter((c) => c.status === 429).length,
      postMessages: slack.calls.filter((c) => c.method === 'chat.postMessage' && c.status === 200).length,
      loadAtEnd: os.loadavg()[0]!,
    };
  } catch (err) {
    return { ...base, status: 'failed', reason: (err as Error).message };
  } finally {
    await serve?.stop();
    await sim?.stop();
    await slack?.close();
    await redis.clean();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: { rounds: { type: 'string', default: '12' }, 'latency-ms': { type: 'string', default: '20' } },
  });
  const figures = await measureAlerts({
    rttMs: Number(values['latency-ms']),
    models: 500,
    teams: 20,
    rounds: Number(values.rounds),
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    log: (l) => console.log(l),
  });
  console.log(JSON.stringify(figures, null, 2));
}
