import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { gateChanges, gateModel, isBlocked, proposalLimits, type GateResult } from '../../app/gate.js';
import { clipEcho } from '../../core/echo.js';
import { judgingOneByOne } from '../../core/progress.js';
import { FileProblem, readRegularFile, writableProblem, writeRegularFile } from '../../runtime/regular-file.js';
import { ACCEPTED_FILE, readAcceptedFile } from '../../config/accepted-file.js';
import { DEFAULT_ACCEPTANCE_POLICY } from '../../core/acceptance/acceptance.js';
import { LINEAGE_FILE_MAX_BYTES, readLineageFile } from '../../datahub/lineage-file.js';
import { edgeKey, lineageEdgeLines } from '../../datahub/lineage-file-lines.js';
import type { LineageLines } from '../../render/gate-annotations.js';
import { EntityCache } from '../../datahub/entity-cache.js';
import { RunScrolls } from '../../datahub/run-scrolls.js';
import { checkedModelRef } from '../../datahub/resolve-model.js';
import { BlockedError, UsageError } from '../../errors.js';
import type { GateError } from '../../render/junit.js';
import type { GateMarkdownOptions } from '../../render/gate-markdown.js';
import { renderGate, type GateReport } from '../../render/gate-report.js';
import { reportToGithub } from './gate-github.js';
import { JanusError } from '../../errors.js';
import { cliContext, out } from '../context.js';
import { progressDisplay } from '../progress/progress-display.js';
import { gateSummary } from '../progress/run-summary.js';
import { wantsProgress } from '../progress/wants-progress.js';

/** What `janus gate` does, loaded only when it runs. */
export async function runGate(opts: GateOptions, cmd: Command): Promise<void> {
  const models = opts.model.map(checkedModelRef);
  if (opts.output) checkOutputPath(opts.output);
  const ctx = cliContext(cmd);
  const limits = opts.lineage ? proposalLimits(ctx.config.gate, opts.lineage) : undefined;
  const proposed = opts.lineage ? readLineageFile(opts.lineage, undefined, limits?.edges) : undefined;
  // the repository's acceptances: refused before DataHub is read when one lacks a reason or lasts too long
  const now = ctx.policy.asOf ?? Date.now();
  const acceptances = readAcceptedFile(
    opts.accepted ?? ACCEPTED_FILE,
    ctx.policy.acceptance ?? DEFAULT_ACCEPTANCE_POLICY,
    now,
    opts.accepted !== undefined,
  );
  const policy = acceptances.length
    ? { ...ctx.policy, acceptances: [...(ctx.policy.acceptances ?? []), ...acceptances] }
    : ctx.policy;
  // one read of each entity and each upstream scroll for the run: judging a model without the proposal reuses them
  const deps = {
    client: ctx.client,
    policy,
    cache: new EntityCache(),
    scrolls: new RunScrolls(),
    ...(proposed && limits ? { proposed, readLimit: limits.entities } : {}),
  };
  const gatePolicy = { failOn: opts.failOn, ...(opts.minScore !== undefined ? { minScore: opts.minScore } : {}) };
  const results: GateResult[] = [];
  const display = progressDisplay(wantsProgress(opts.format !== 'text' && !opts.output));
  const summary = (notJudged = 0) => {
    const blocked = results.filter(isBlocked).length;
    process.stderr.write(`${gateSummary({ blocked, passed: results.length - blocked, notJudged })}\n`);
  };
  const before: GateResult[] = [];
  const report = (errored: GateError[] = []): GateReport => {
    const markdown: GateMarkdownOptions = {
      ...(proposed ? { changes: gateChanges(before, results) } : {}),
      ...(opts.lineage && (opts.format === 'markdown' || process.env.GITHUB_ACTIONS === 'true')
        ? { lineage: proposedLines(opts.lineage) }
        : {}),
      ...(ctx.config.server.publicUrl ? { reportBaseUrl: ctx.config.server.publicUrl } : {}),
    };
    return { results, errored, markdown };
  };
  // the models judged, and the read of the one being judged: the long part on a big catalog
  const judging = judgingOneByOne(display.report, models.length);
  judging.judged(0);
  for (const [i, model] of models.entries()) {
    try {
      const judged = await gateModel({ ...deps, onRead: judging.reading(i, model) }, gatePolicy, model);
      results.push(judged.result);
      if (judged.before) before.push(judged.before);
      judging.judged(i + 1);
    } catch (err) {
      display.finish();
      // DataHub could not be read (exit 3): CI still gets a report, saying so, never a pass
      if (err instanceof JanusError && err.code.startsWith('datahub')) {
        const errored = models.slice(i).map((m) => ({ model: m, code: err.code, message: err.message }));
        const r = report(errored);
        if (opts.format !== 'text') {
          const text = renderGate(r, opts.format);
          if (opts.output) writeReport(opts.output, text);
          else out(text);
        }
        reportToGithub(results, opts.lineage, errored, process.env, r.markdown);
        summary(errored.length);
      }
      throw err;
    }
  }
  display.finish();
  const r = report();
  const text = renderGate(r, opts.format);
  if (opts.output) writeReport(opts.output, text);
  else out(text);
  reportToGithub(results, opts.lineage, [], process.env, r.markdown);
  summary();
  const blocked = results.filter(isBlocked);
  if (blocked.length) throw new BlockedError(`gate blocked ${blocked.map((r) => r.verdict.model.name).join(', ')}`);
}

/** Where the lineage file proposes each edge, for the Markdown to name the line a finding comes from. */
function proposedLines(file: string): LineageLines {
  const lines = lineageEdgeLines(readRegularFile(file, LINEAGE_FILE_MAX_BYTES));
  return { file, lineOf: (down, up) => lines.get(edgeKey(down, up)) };
}

/**
 * `--output` into a folder that is not there, or onto a folder, a FIFO or a device, is the user's mistake (exit 2),
 * found before DataHub is read.
 */
function checkOutputPath(file: string): void {
  const shown = clipEcho(file);
  const dir = path.dirname(path.resolve(file));
  if (!fs.existsSync(dir)) throw new UsageError(`--output ${shown}: the folder ${clipEcho(dir)} does not exist`);
  if (!fs.statSync(dir).isDirectory()) throw new UsageError(`--output ${shown}: ${clipEcho(dir)} is not a folder`);
  const problem = writableProblem(file);
  if (problem) throw new UsageError(`--output ${shown} ${problem}`);
}

function writeReport(file: string, report: string): void {
  try {
    writeRegularFile(file, report);
  } catch (err) {
    if (err instanceof FileProblem) throw new UsageError(`--output ${clipEcho(file)} ${err.message}`);
    throw err;
  }
}

export interface GateOptions {
  model: string[];
  lineage?: string;
  failOn: 'critical' | 'high' | 'medium' | 'low' | 'none';
  minScore?: number;
  accepted?: string;
  format: 'text' | 'json' | 'junit' | 'markdown';
  output?: string;
}
