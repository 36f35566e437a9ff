import { isBlocked, type GateResult } from '../app/gate.js';
import { acceptedClause } from '../core/acceptance/words.js';
import type { ModelChanges } from '../core/verdict-changes.js';
import { changeSentences } from '../core/verdict-changes-words.js';
import { gateMarkdown, type GateMarkdownOptions } from './gate-markdown.js';
import { verdictsJson } from './json.js';
import { gateJunit, type GateError } from './junit.js';
import { verdictText } from './text.js';
import { changesJson } from './verdict-changes-json.js';

/** What one run reports, whatever the format. */
export interface GateReport {
  results: GateResult[];
  errored: GateError[];
  /** What the Markdown adds: the proposal's changes (with `--lineage`), the report links. */
  markdown: GateMarkdownOptions & { changes?: ModelChanges[] };
}

/** The gate's report in the format asked for: text, JSON, JUnit or the pull-request comment's Markdown. */
export function renderGate(
  { results, errored, markdown }: GateReport,
  format: 'text' | 'json' | 'junit' | 'markdown',
): string {
  if (format === 'junit') return gateJunit(results, undefined, errored);
  if (format === 'markdown') return gateMarkdown(results, errored, markdown);
  if (format === 'json') {
    const blocked = results.some(isBlocked);
    return JSON.stringify(
      {
        status: errored.length ? 'error' : blocked ? 'blocked' : 'pass',
        pass: !blocked && !errored.length,
        ...(errored.length
          ? { error: { code: errored[0]!.code, message: errored[0]!.message, notJudged: errored.map((e) => e.model) } }
          : {}),
        ...verdictsJson(
          results,
          (r) => r.verdict,
          (r) => ({ blocked: isBlocked(r), blocking: r.blocking.map((f) => f.key), reasons: r.reasons }),
        ),
        ...(markdown.changes ? { changes: changesJson(markdown.changes) } : {}),
      },
      null,
      2,
    );
  }
  const changeOf = new Map((markdown.changes ?? []).map((c) => [c.model.urn, c]));
  return results
    .map((r) => {
      const change = changeOf.get(r.verdict.model.urn);
      return [
        verdictText(r.verdict),
        `  ${isBlocked(r) ? `BLOCKED: ${[...r.blocking.map((f) => `${f.detector} (${f.severity})`), ...r.reasons].join('; ')}` : 'PASS'}`,
        ...(r.verdict.accepted ?? []).map(
          (a) => `  ACCEPTED (not blocking): ${a.finding.detector} (${a.finding.severity}) ${acceptedClause(a)}`,
        ),
        ...(change ? changeSentences(change).map((line) => `  CHANGE: ${line}`) : []),
      ].join('\n');
    })
    .join('\n\n');
}
