import type { GateResult } from '../app/gate.js';
import type { GateError } from './junit.js';
import { isBlocked } from '../app/gate.js';
import { shortDate } from '../core/acceptance/words.js';
import { shortName } from '../core/names.js';

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/**
 * The gate's report as GitHub-flavoured Markdown (a pull request comment, a job summary): a table of models, then
 * what blocks each, then the accepted findings with who, why and until when.
 */
export function gateMarkdown(results: GateResult[], errored: GateError[] = []): string {
  const blocked = results.filter(isBlocked);
  const status = errored.length
    ? `error: ${errored.length} not judged (${errored[0]!.message})`
    : blocked.length
      ? `blocked (${blocked.length} of ${results.length})`
      : 'pass';
  const lines = [
    `## Janus gate: ${cell(status)}`,
    '',
    '| model | score | band | result |',
    '| --- | ---: | --- | --- |',
    ...results.map(
      (r) =>
        `| ${cell(r.verdict.model.name)} | ${r.verdict.score} | ${r.verdict.band} | ${isBlocked(r) ? '**blocked**' : 'pass'} |`,
    ),
    ...errored.map((e) => `| ${cell(e.model)} | | | **not judged**: ${cell(e.code)} |`),
  ];
  const blocking = blocked.flatMap((r) => [
    ...r.blocking.map((f) => `- **${cell(r.verdict.model.name)}**: ${f.detector} (${f.severity}): ${cell(f.message)}`),
    ...r.reasons.map((reason) => `- **${cell(r.verdict.model.name)}**: ${cell(reason)}`),
  ]);
  if (blocking.length) lines.push('', '### Blocking', '', ...blocking);
  const accepted = results.flatMap((r) => (r.verdict.accepted ?? []).map((a) => ({ model: r.verdict.model.name, a })));
  if (accepted.length)
    lines.push(
      '',
      '### Accepted risks (not blocking)',
      '',
      '| model | finding | entity | by | until | reason |',
      '| --- | --- | --- | --- | --- | --- |',
      ...accepted.map(
        ({ model, a }) =>
          `| ${cell(model)} | ${a.finding.detector} (${a.finding.severity}) | ${cell(shortName(a.finding.entity))} | ${cell(a.acceptance.by)} | ${shortDate(a.acceptance.until)} | ${cell(a.acceptance.reason)} |`,
      ),
    );
  const lapsed = results.flatMap((r) => (r.verdict.lapsed ?? []).map((l) => ({ model: r.verdict.model.name, l })));
  if (lapsed.length)
    lines.push(
      '',
      '### Lapsed acceptances (counting again)',
      '',
      ...lapsed.map(
        ({ model, l }) =>
          `- **${cell(model)}**: ${l.finding.detector} accepted by ${cell(l.acceptance.by)}: ${cell(l.lapse)}`,
      ),
    );
  return `${lines.join('\n')}\n`;
}
