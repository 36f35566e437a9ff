import type { Command } from 'commander';
import { writeBackModels, type WriteBackResult } from '../../app/write-back.js';
import { opening } from '../../core/argos.js';
import type { Verdict } from '../../core/verdict.js';
import { optionalRedis, reportBaseUrl, verdictHistory, writeBackLocks } from '../../compose/redis.js';
import type { VerdictHistory } from '../../history/index.js';
import type { Logger } from '../../log.js';
import { shortName } from '../../core/names.js';
import type { PlannedWrite } from '../../core/writeback/plan.js';
import { JanusError, UsageError, WriteBackError } from '../../errors.js';
import { documentSets, setsJson, verdictJson } from '../../render/json.js';
import { prettyJsonStream } from '../../render/json-pieces.js';
import { summaryRow, summaryTable, type SummaryRow } from '../../render/text.js';
import { failureLines } from '../../render/write-failures.js';
import { checkedModelRef } from '../../datahub/resolve-model.js';
import { cliContext, out, writePieces } from '../context.js';
import { checkReportDir, writeReports } from '../report-dir.js';
import type { Progress } from '../../core/progress.js';
import { progressDisplay } from '../progress/progress-display.js';
import { scanSummary } from '../progress/run-summary.js';
import { wantsProgress } from '../progress/wants-progress.js';

/** What `janus scan` does, loaded only when it runs (the write-back, Redis and the renderers are its own). */
export async function runScan(opts: ScanOptions, cmd: Command): Promise<void> {
  if (!opts.all && !opts.model?.length) throw new UsageError('scan needs --model <model> or --all');
  if (opts.all && opts.model?.length) throw new UsageError('use either --model or --all, not both');
  const named = opts.model?.map(checkedModelRef);
  if (opts.reportDir) checkReportDir(opts.reportDir);
  const ctx = cliContext(cmd);
  const redis = opts.dryRun ? undefined : optionalRedis(ctx.config, ctx.logger);
  const history = redis ? verdictHistory(ctx.config, redis) : undefined;
  const started = Date.now();
  const display = progressDisplay(wantsProgress(!!opts.json));
  let read: Progress | undefined;
  try {
    const models = opts.all ? 'all' : named!;
    // each verdict is rendered as it is judged and then dropped: a whole catalog's verdicts do not fit in memory
    const json = opts.json ? prettyJsonStream('models') : undefined;
    const sets = documentSets();
    const narration: string[] = [];
    const rows: SummaryRow[] = [];
    const result = await writeBackModels(
      {
        client: ctx.client,
        policy: ctx.policy,
        logger: ctx.logger,
        reportBaseUrl: reportBaseUrl(ctx.config),
        ...writeBackLocks(ctx.config, redis),
        ...crashHook(),
      },
      models,
      {
        dryRun: !!opts.dryRun,
        keepVerdicts: false,
        onProgress: (p) => {
          if (p.phase === 'read') read = p;
          display.report(p);
        },
        onJudged: async (v, graph) => {
          if (opts.reportDir)
            writeReports(opts.reportDir, [{ verdict: v, graph }], ctx.config.datahub.uiUrl, ctx.policy.asOf);
          if (history) await recordHistory(history, v, ctx.logger);
          if (json) return writePieces([json.item(verdictJson(v, sets))], '');
          narration.push(`Argos: ${opening(v)}`);
          rows.push(summaryRow(v));
        },
      },
    );
    display.finish();
    if (opts.reportDir)
      ctx.logger.info({ dir: opts.reportDir, reports: result.judged.length }, 'wrote Model Impact Reports');
    if (json) await writePieces(json.end({ ...setsJson(sets), ...scanJson(result, !!opts.dryRun) }));
    else if (result.judged.length) out(scanText(narration, rows, result, !!opts.dryRun));
    process.stderr.write(
      `${scanSummary({
        bands: result.judged.map((j) => j.band),
        ...(read ? { read } : {}),
        planned: result.plan.length,
        applied: result.applied.length,
        failed: result.failed.length,
        dryRun: !!opts.dryRun,
        ms: Date.now() - started,
      })}\n`,
    );
    // a catalog with no model is a wrong DATAHUB_GMS_URL or an ingestion that never ran, not a clean bill of health
    if (!result.judged.length)
      throw new JanusError(
        `DataHub at ${ctx.client.url} holds no ML models: nothing was judged or written (is DATAHUB_GMS_URL the right DataHub, and has its ingestion run?)`,
        'catalog.empty',
      );
    if (result.failed.length)
      throw new WriteBackError(
        `${result.failed.length} write-back step(s) failed: ${failureLines(result.failed, (urn) => urn).join('; ')}`,
      );
  } finally {
    display.finish();
    redis?.disconnect();
  }
}

/** The verdict history (for MCP's list_at_risk_models and score_history): a failure to record is logged, not fatal. */
async function recordHistory(history: VerdictHistory, v: Verdict, logger: Logger): Promise<void> {
  await history
    .record(v)
    .catch((err: Error) => logger.warn({ model: v.model.urn, err: err.message }, 'could not record the scan history'));
}

/** JANUS_TEST_CRASH_AFTER_WRITES=k kills the process right after the k-th accepted write (crash-safety tests). */
function crashHook(): { afterWrite?: (n: number) => void } {
  const k = Number(process.env.JANUS_TEST_CRASH_AFTER_WRITES);
  return Number.isInteger(k) && k > 0 ? { afterWrite: (n) => n === k && process.kill(process.pid, 'SIGKILL') } : {};
}

/** What follows the streamed models in `scan --json`. */
function scanJson(r: WriteBackResult, dryRun: boolean) {
  return { plan: r.plan, ...(dryRun ? {} : { applied: r.applied, failed: r.failed }) };
}

function scanText(narration: string[], rows: SummaryRow[], r: WriteBackResult, dryRun: boolean): string {
  const lines = [...narration, '', summaryTable(rows), ''];
  if (dryRun) {
    lines.push(
      r.plan.length
        ? `Write-back plan (${r.plan.length} write${r.plan.length === 1 ? '' : 's'}, nothing written):`
        : 'Write-back plan: DataHub already matches; nothing to write.',
    );
    lines.push(...r.plan.map((w) => `  ${describeWrite(w)}`));
  } else {
    lines.push(
      `Wrote ${r.applied.length} change(s) to DataHub${r.failed.length ? `; ${r.failed.length} failed` : ''}.`,
    );
    lines.push(
      ...r.applied.map((a) => `  ${a.kind} ${shortName(a.target)}`),
      ...failureLines(r.failed).map((line) => `  ${line}`),
    );
  }
  return lines.join('\n');
}

export function describeWrite(w: PlannedWrite): string {
  switch (w.kind) {
    case 'createTag':
      return 'create tag model-at-risk';
    case 'createProperty':
      return `define structured property io.janus.${w.property === 'score' ? 'trust_score' : w.property === 'band' ? 'trust_band' : 'risk_reasons'}`;
    case 'raiseIncident':
      return `raise ${w.priority} incident on ${shortName(w.dataset)}: ${w.title}`;
    case 'resolveIncident':
      return `resolve incident ${w.urn} on ${shortName(w.dataset)}: ${w.message}`;
    case 'reopenIncident':
      return `reopen incident ${w.urn} on ${shortName(w.dataset)}: ${w.message}`;
    case 'upsertAssertion':
      return `upsert guarding assertion ${w.urn} on ${shortName(w.dataset)}`;
    case 'reportAssertion':
      return `report ${w.result} on ${w.urn}`;
    case 'recordAssertion':
      return `record ${w.result} on ${w.urn}`;
    case 'setTrust':
      return `set trust of ${shortName(w.model)}: ${w.score} ${w.band}`;
    case 'setReasons':
      return `set risk reasons of ${shortName(w.model)}: ${listed(w.reasons, 3) || '(none)'}`;
    case 'addTag':
      return `tag ${shortName(w.model)} model-at-risk`;
    case 'removeTag':
      return `untag ${shortName(w.model)} model-at-risk`;
    case 'upsertLink':
      return `link ${shortName(w.model)} to ${w.url}`;
    case 'removeLink':
      return `remove link ${w.url} from ${shortName(w.model)}`;
  }
}

/** The first `n` items, and how many more. */
const listed = (items: string[], n: number) =>
  items.length > n
    ? `${items.slice(0, n).join(', ')} and ${(items.length - n).toLocaleString('en-US')} more`
    : items.join(', ');

export interface ScanOptions {
  model?: string[];
  all?: boolean;
  dryRun?: boolean;
  json?: boolean;
  reportDir?: string;
}
