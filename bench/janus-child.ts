/**
 * Runs one Janus use case in a process of its own, as the CLI does (same config, client, policy and use case
 * call), so its time and peak memory are Janus's alone. Started by janus-runner.ts with the job as its
 * argument; reports over IPC. Judges at the job's `now` (the catalog's time base), not the wall clock.
 */
import { judgeModel } from '../src/app/judge-model.js';
import { writeBackModels } from '../src/app/write-back.js';
import { optionalRedis, reportBaseUrl } from '../src/compose/redis.js';
import { judgePolicy, loadConfig } from '../src/config/index.js';
import { createDataHubClient } from '../src/datahub/client.js';
import { readCatalog } from '../src/datahub/read-catalog.js';
import { writeKindOf } from '../src/datahub/writeback/write-kinds.js';
import { tuneGarbageCollection } from '../src/runtime/gc-tuning.js';
import { EntityCache } from '../src/datahub/entity-cache.js';
import type { ChildMessage, JanusJob } from './janus-job.js';
import { totalSent } from './janus-job.js';
import { ROOT } from './paths.js';

/** Resolves once the message is handed to the IPC channel, so disconnecting after it loses nothing. */
const send = (m: ChildMessage) =>
  new Promise<void>((resolve) => (process.send ? process.send(m, undefined, {}, () => resolve()) : resolve()));
const maxRssKb = () => process.resourceUsage().maxRSS;

/** Wall and CPU time since it was started, in ms. */
function stopwatch() {
  const started = performance.now();
  const cpuStart = process.cpuUsage();
  return {
    ms: () => performance.now() - started,
    cpuMs: () => {
      const { user, system } = process.cpuUsage(cpuStart);
      return (user + system) / 1000;
    },
  };
}

/** A use case that still throws its placeholder error has not landed. */
const NOT_LANDED = /not implemented/i;

async function run(job: JanusJob): Promise<void> {
  // the concurrency may be set for a comparison (bench/read-path.ts); everything else is the default config
  const env = {
    DATAHUB_GMS_URL: job.url,
    JANUS_LOG_LEVEL: 'warn',
    REDIS_URL: process.env.REDIS_URL,
    JANUS_DATAHUB_CONCURRENCY: process.env.JANUS_DATAHUB_CONCURRENCY,
    JANUS_DATAHUB_WRITE_BATCH: process.env.JANUS_DATAHUB_WRITE_BATCH,
  };
  const config = loadConfig({ env, cwd: ROOT });
  const client = createDataHubClient({
    url: config.datahub.url,
    timeoutMs: config.datahub.timeoutMs,
    retry: { retries: config.datahub.retries },
    concurrency: config.datahub.concurrency,
    writeBatch: config.datahub.writeBatch,
  });
  if (job.task === 'read') return readOnly(client, job.batch);
  const deps = { client, policy: judgePolicy(config.judge), now: () => job.now };
  const { ms: elapsed, cpuMs } = stopwatch();
  if (job.task === 'trust') {
    const { verdict } = await judgeModel(deps, job.model);
    const ms = elapsed();
    const trust = {
      model: verdict.model.name,
      score: verdict.score,
      band: verdict.band,
      findings: verdict.findings.length,
      upstreamCount: verdict.upstreamCount,
    };
    return send({ kind: 'done', ms, cpuMs: cpuMs(), sent: client.sent, maxRssKb: maxRssKb(), models: 1, trust });
  }
  // `janus scan --all [--dry-run]`: the same use case call as src/cli/commands/scan.ts.
  const redis = job.write ? optionalRedis(config) : undefined;
  let judged = 0;
  let firstJudgedMs = 0;
  try {
    const result = await writeBackModels(
      { ...deps, reportBaseUrl: reportBaseUrl(config), ...(redis ? { redis } : {}) },
      'all',
      {
        dryRun: !job.write,
        keepVerdicts: false,
        onJudged: () => {
          if (++judged === 1) firstJudgedMs = elapsed();
          void send({
            kind: 'progress',
            done: judged,
            total: 0,
            sent: totalSent(client.sent),
            elapsedMs: elapsed(),
            cpuMs: cpuMs(),
            maxRssKb: maxRssKb(),
            firstJudgedMs,
          });
        },
      },
    );
    const byKind: Record<string, number> = {};
    for (const w of result.plan) byKind[writeKindOf(w)] = (byKind[writeKindOf(w)] ?? 0) + 1;
    const writes = {
      planned: result.plan.length,
      applied: result.applied.length,
      failed: result.failed.length,
      byKind,
      batch: client.writeBatch,
    };
    await send({
      kind: 'done',
      ms: elapsed(),
      cpuMs: cpuMs(),
      firstJudgedMs,
      sent: client.sent,
      maxRssKb: maxRssKb(),
      models: result.judged.length,
      writes,
    });
  } catch (e) {
    if (!NOT_LANDED.test((e as Error).message)) throw e;
    await send({ kind: 'pending', reason: job.write ? 'write-back not landed' : 'scan not landed' });
  } finally {
    redis?.disconnect();
  }
}

async function readOnly(client: ReturnType<typeof createDataHubClient>, batch?: number): Promise<void> {
  const watch = stopwatch();
  const cache: EntityCache = new EntityCache();
  await readCatalog(client, cache, batch ? { batch } : {});
  await send({
    kind: 'done',
    ms: watch.ms(),
    cpuMs: watch.cpuMs(),
    sent: client.sent,
    maxRssKb: maxRssKb(),
    models: 0,
    entities: cache.size,
  });
}

// as the CLI's entry does
tuneGarbageCollection();
run(JSON.parse(process.argv[2] ?? '{}') as JanusJob)
  .catch((e: unknown) => send({ kind: 'error', message: e instanceof Error ? e.message : String(e) }))
  .finally(() => process.disconnect?.());
