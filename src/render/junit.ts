import type { GateResult } from '../app/gate.js';
import { acceptedClause } from '../core/acceptance/words.js';

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** A model the gate could not judge, and why (DataHub could not be read). */
export interface GateError {
  model: string;
  code: string;
  message: string;
}

/**
 * JUnit XML as CI systems render it: one test case per model, one failure per blocking finding; a model that
 * could not be judged is an errored test case saying why (so the CI shows an error, never a pass); a finding a
 * person accepted is a skipped test case saying who, why and until when.
 */
export function gateJunit(results: GateResult[], suite = 'janus gate', errored: GateError[] = []): string {
  const failures = results.reduce((n, r) => n + r.blocking.length + r.reasons.length, 0);
  const accepted = results.flatMap((r) => (r.verdict.accepted ?? []).map((a) => ({ model: r.verdict.model, a })));
  const tests = results.length + errored.length + accepted.length;
  const cases = results.map(({ verdict: v, blocking, reasons }) => {
    const body = [
      ...blocking.map(
        (f) =>
          `      <failure type="${esc(f.detector)}" message="${esc(`[${f.severity}] ${f.message}`)}">${esc(JSON.stringify(f.evidence, null, 2))}</failure>`,
      ),
      ...reasons.map((r) => `      <failure type="min_score" message="${esc(r)}"/>`),
      `      <system-out>${esc(`score ${v.score}/100 (${v.band}); ${v.findings.length} finding(s)${v.accepted ? `; ${v.accepted.length} accepted` : ''}`)}</system-out>`,
    ];
    return [
      `    <testcase classname="janus.models" name="${esc(v.model.name)}" file="${esc(v.model.urn)}">`,
      ...body,
      '    </testcase>',
    ].join('\n');
  });
  for (const { model, a } of accepted)
    cases.push(
      [
        `    <testcase classname="janus.accepted" name="${esc(`${model.name}: ${a.finding.detector}`)}" file="${esc(a.finding.key)}">`,
        `      <skipped message="${esc(acceptedClause(a))}"/>`,
        '    </testcase>',
      ].join('\n'),
    );
  for (const e of errored)
    cases.push(
      [
        `    <testcase classname="janus.models" name="${esc(e.model)}">`,
        `      <error type="${esc(e.code)}" message="${esc(`not judged: ${e.message}`)}"/>`,
        '    </testcase>',
      ].join('\n'),
    );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="janus" tests="${tests}" failures="${failures}"${errored.length ? ` errors="${errored.length}"` : ''}${accepted.length ? ` skipped="${accepted.length}"` : ''}>`,
    `  <testsuite name="${esc(suite)}" tests="${tests}" failures="${failures}" errors="${errored.length}" skipped="${accepted.length}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
