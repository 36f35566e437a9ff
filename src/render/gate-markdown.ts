import type { GateResult } from '../app/gate.js';
import type { GateError } from './junit.js';
import { isBlocked } from '../app/gate.js';
import { shortDate } from '../core/acceptance/words.js';
import type { Finding } from '../core/finding.js';
import { reportUrlFor } from '../core/links.js';
import { shortName } from '../core/names.js';
import { changesNothing, type ModelChanges } from '../core/verdict-changes.js';
import { findingChangeSentence, nothingSentence, outcomeWords } from '../core/verdict-changes-words.js';
import { proposedLine, type LineageLines } from './gate-annotations.js';
import { GITHUB_COMMENT_LIMIT, withinBudget, type MarkdownSection } from './markdown-budget.js';

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
/** Inside a code span: a backtick would end it. */
const code = (s: string) => `\`${s.replace(/`/g, "'").replace(/\n/g, ' ')}\``;
/** A URL as a Markdown link's target: a urn's parentheses encoded, so no renderer ends the link early. */
const linkTarget = (url: string) => url.replace(/\(/g, '%28').replace(/\)/g, '%29').replace(/ /g, '%20');
const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
/** How many of a leak's column chains a blocking finding shows (the text output's number). */
const LISTED_CHAINS = 5;
/** How many models the line of models a change leaves alone names. */
const NAMED_UNCHANGED = 20;

export interface GateMarkdownOptions {
  /** What the proposed lineage does to each model (`--lineage`): the comment says it first. */
  changes?: ModelChanges[];
  /** The lineage file's lines: a finding the change brings names the line of the edge its evidence walks through. */
  lineage?: LineageLines;
  /** Janus's public URL (`server.publicUrl`): each blocked model links its Model Impact Report under it. */
  reportBaseUrl?: string;
  /** At most this many characters (default: GitHub's comment limit); past it, sections are cut at an item. */
  maxChars?: number;
  /** Where the reader finds everything a cut-short comment leaves out. */
  fullReport?: string;
}

/**
 * The gate's report as GitHub-flavoured Markdown (a pull request comment, a job summary): the verdict line, what the
 * proposed change does, a table of models, what blocks each (with its column chains and report link), then the
 * accepted findings with who, why and until when. Within GitHub's comment limit: past it, the least telling rows go
 * first (the table's, then the accepted), each section saying how many it does not show.
 */
export function gateMarkdown(results: GateResult[], errored: GateError[] = [], o: GateMarkdownOptions = {}): string {
  const blocked = results.filter(isBlocked);
  const status = errored.length
    ? `error: ${errored.length} not judged (${errored[0]!.message})`
    : blocked.length
      ? `blocked (${blocked.length} of ${results.length})`
      : 'pass';
  // printed in this order; when the comment must be cut, filled by rank (the lowest first)
  const parts: { section: MarkdownSection; rank: number }[] = [];
  const add = (section: MarkdownSection, rank: number) => {
    if (section.items.length) parts.push({ section, rank });
  };
  if (o.changes) add(changesSection(o.changes, o.lineage), 0);
  add(
    {
      head: ['| model | score | band | result |', '| --- | ---: | --- | --- |'],
      items: [
        ...results.map(
          (r) =>
            `| ${cell(r.verdict.model.name)} | ${r.verdict.score} | ${r.verdict.band} | ${isBlocked(r) ? '**blocked**' : 'pass'} |`,
        ),
        ...errored.map((e) => `| ${cell(e.model)} | | | **not judged**: ${cell(e.code)} |`),
      ],
      more: (n) => count(n, 'more model', 'more models'),
    },
    2,
  );
  add(blockingSection(blocked, o.reportBaseUrl), 1);
  add(acceptedSection(results), 3);
  add(lapsedSection(results), 4);
  const byRank = parts.map((_, i) => i).sort((a, b) => parts[a]!.rank - parts[b]!.rank);
  return withinBudget(
    [`## Janus gate: ${cell(status)}`],
    parts.map((p) => p.section),
    o.maxChars ?? GITHUB_COMMENT_LIMIT,
    o.fullReport ?? 'the gate with `--format json` lists every model and finding',
    byRank,
  );
}

/** What the change does: a model it changes, an item each (new blocking findings marked); the rest in one line. */
function changesSection(changes: ModelChanges[], lineage: LineageLines | undefined): MarkdownSection {
  const alone = changes.filter(changesNothing).map((c) => c.model.name);
  const changed = changes.filter((c) => !changesNothing(c));
  // where in the lineage file the change brings the finding (the line its annotation is on)
  const at = (f: Finding) => {
    const line = lineage ? proposedLine(f, lineage) : undefined;
    return line === undefined ? '' : ` (${code(lineage!.file)} line ${line})`;
  };
  const items = changed.map((c) => {
    const name = c.model.name;
    const lines = [
      ...c.introduced.map(
        ({ finding, blocking }) =>
          `${blocking ? '**new, blocking**' : 'new'}${at(finding)}: ${cell(findingChangeSentence('introduced', finding, name))}`,
      ),
      ...c.removed.map(({ finding }) => `gone: ${cell(findingChangeSentence('removed', finding, name))}`),
      ...c.changed.map(
        ({ finding, blocking }) =>
          `${blocking ? '**changed, blocking**' : 'changed'}${at(finding)}: ${cell(findingChangeSentence('changed', finding, name))}`,
      ),
    ];
    return [`- **${cell(name)}**: ${outcomeWords(c)}`, ...lines.map((l) => `  - ${l}`)].join('\n');
  });
  if (alone.length === 1 && !changed.length) items.push(`- ${cell(nothingSentence(alone[0]!))}`);
  else if (alone.length) {
    const named = alone.slice(0, NAMED_UNCHANGED).map(cell).join(', ');
    const rest = alone.length - NAMED_UNCHANGED;
    items.push(
      `- This change changes nothing Janus judges in ${named}${rest > 0 ? ` and ${count(rest, 'more model', 'more models')}` : ''}.`,
    );
  }
  return {
    head: ['### What this change does', '', 'Compared with the same models judged on the catalog as it stands:', ''],
    items,
    more: (n) => count(n, 'more changed model', 'more changed models'),
  };
}

/** Each blocked model: its blocking findings with their column chains, its other reasons, its report link. */
function blockingSection(blocked: GateResult[], reportBaseUrl: string | undefined): MarkdownSection {
  const items = blocked.map((r) => {
    const name = cell(r.verdict.model.name);
    const lines = [
      ...r.blocking.flatMap((f) => [
        `- **${name}**: ${f.detector} (${f.severity}): ${cell(f.message)}`,
        ...chainLines(f).map((l) => `  - ${l}`),
      ]),
      ...r.reasons.map((reason) => `- **${name}**: ${cell(reason)}`),
    ];
    if (reportBaseUrl)
      lines.push(
        `  - [Model Impact Report](${linkTarget(reportUrlFor(reportBaseUrl, r.verdict.model.urn))}) (the catalog as it stands)`,
      );
    return lines.join('\n');
  });
  return {
    head: ['### Blocking', ''],
    items,
    ...(reportBaseUrl
      ? {}
      : {
          tail: ['', '_No report links: Janus’s public URL (`server.publicUrl`, env `JANUS_PUBLIC_URL`) is not set._'],
        }),
    more: (n) => count(n, 'more blocked model', 'more blocked models'),
  };
}

/** A leak's column chains (feature → shared ancestor → label), as the text output and the incident give them. */
function chainLines(f: Finding): string[] {
  if (!Array.isArray(f.evidence.chains)) return [];
  const chains = (f.evidence.chains as unknown[]).filter((c): c is string[] => Array.isArray(c));
  const lines = chains.slice(0, LISTED_CHAINS).map((c) => `chain: ${code(c.map(shortName).join(' → '))}`);
  if (chains.length > LISTED_CHAINS)
    lines.push(`and ${count(chains.length - LISTED_CHAINS, 'more chain', 'more chains')}`);
  return lines;
}

function acceptedSection(results: GateResult[]): MarkdownSection {
  const accepted = results.flatMap((r) => (r.verdict.accepted ?? []).map((a) => ({ model: r.verdict.model.name, a })));
  return {
    head: [
      '### Accepted risks (not blocking)',
      '',
      '| model | finding | entity | by | until | reason |',
      '| --- | --- | --- | --- | --- | --- |',
    ],
    items: accepted.map(
      ({ model, a }) =>
        `| ${cell(model)} | ${a.finding.detector} (${a.finding.severity}) | ${cell(shortName(a.finding.entity))} | ${cell(a.acceptance.by)} | ${shortDate(a.acceptance.until)} | ${cell(a.acceptance.reason)} |`,
    ),
    more: (n) => count(n, 'more accepted risk', 'more accepted risks'),
  };
}

function lapsedSection(results: GateResult[]): MarkdownSection {
  const lapsed = results.flatMap((r) => (r.verdict.lapsed ?? []).map((l) => ({ model: r.verdict.model.name, l })));
  return {
    head: ['### Lapsed acceptances (counting again)', ''],
    items: lapsed.map(
      ({ model, l }) =>
        `- **${cell(model)}**: ${l.finding.detector} accepted by ${cell(l.acceptance.by)}: ${cell(l.lapse)}`,
    ),
    more: (n) => count(n, 'more lapsed acceptance', 'more lapsed acceptances'),
  };
}
