import { acceptanceSentences } from '../core/acceptance/words.js';
import { otherModels } from '../core/other-models.js';
import { narrate } from '../core/argos.js';
import { severityRank } from '../core/finding.js';
import { shortName } from '../core/names.js';
import type { Verdict } from '../core/verdict.js';
import {
  context,
  divider,
  header,
  LIMITS,
  LINK_ACTIONS,
  section,
  type Block,
  type SlackMessage,
} from '../slack/present/kit.js';
import { clip, count, dateToken, mrkdwn, name, plain } from '../slack/present/mrkdwn.js';
import { BAND_ICON, BAND_WORD, bandTitle, SEVERITY_ICON } from '../slack/present/vocabulary.js';

/** Findings shown one by one; the rest are counted ("and N more"). Generated catalogs give thousands. */
export const MAX_FINDINGS = 10;
/** One finding's text: a few sentences, not a wall (Slack also caps a message's blocks at about 12k characters). */
const MAX_FINDING_CHARS = 600;
const MAX_BLAST_NAMES = 10;

export interface VerdictBlocksOptions {
  /** Where the verdict came from: the latest scan, or judged for this question. */
  source: { kind: 'scan'; scannedAt: string } | { kind: 'live' };
  /** The Model Impact Report (`server.publicUrl` + `/reports/<model>`). */
  reportUrl?: string;
  /** The model's page in DataHub's UI, when `datahub.uiUrl` is configured. */
  datahubUrl?: string;
}

const figure = (n: number) => n.toLocaleString('en-US');

/** One verdict as Block Kit, in Argos's voice: the same verdict always gives the same message. */
export function verdictBlocks(v: Verdict, opts: VerdictBlocksOptions): SlackMessage {
  // Worst first, so what is cut ("and N more") is the least of it; a critical leak outranks heavier failures.
  const shown = [...v.findings]
    .sort((a, b) => severityRank(b.severity) - severityRank(a.severity) || b.weight - a.weight)
    .slice(0, MAX_FINDINGS);
  // Argos narrates only what is shown: one sentence per finding, and the dry line when there is none.
  const [opening, ...sentences] = narrate({ ...v, findings: shown, blastRadius: [] });
  const blocks: Block[] = [
    header(`${v.model.name}: ${v.score}/100, ${BAND_WORD[v.band]}`),
    section(`*Argos:* ${plain(opening!)}`),
    {
      type: 'section',
      fields: fields(v).map((text) => ({ type: 'mrkdwn' as const, text: clip(text, LIMITS.fieldText) })),
    },
  ];
  if (shown.length) {
    blocks.push(divider);
    shown.forEach((f, i) => {
      const head = `${SEVERITY_ICON[f.severity]} *${f.severity}* · −${f.weight} · ${f.detector.replace(/_/g, ' ')}`;
      blocks.push(section(clip(`${head}\n${plain(sentences[i] ?? f.message)}`, MAX_FINDING_CHARS)));
    });
    // what people accepted stays in sight beside what counts
    const accepted = acceptanceSentences(v);
    if (accepted.length) blocks.push(context(mrkdwn(accepted.join('\n'))));
    const more = v.findings.length - shown.length;
    if (more > 0)
      blocks.push(
        context(
          `…and ${count(more, 'more finding', 'more findings')}. ${opts.reportUrl ? 'The Model Impact Report lists every one.' : `\`janus trust ${name(v.model.name)}\` lists every one.`}`,
        ),
      );
  } else if (sentences[0]) {
    blocks.push(section(plain(sentences[0])));
  }
  const reach = blastRadiusLine(v);
  if (reach) blocks.push(section(reach));
  const links = buttons(opts);
  if (links) blocks.push(links);
  blocks.push(context(sourceLine(v, opts.source)));
  return { response_type: 'in_channel', text: plain(opening!), blocks };
}

function fields(v: Verdict): string[] {
  const bySeverity = (['critical', 'high', 'medium', 'low'] as const)
    .map((s) => [s, v.findings.filter((f) => f.severity === s).length] as const)
    .filter(([, n]) => n > 0)
    .map(([s, n]) => `${figure(n)} ${s}`);
  const out = [
    `*Score*\n${v.score}/100`,
    `*Band*\n${BAND_ICON[v.band]} ${bandTitle(v.band)}${v.capped ? ` (held down by a ${mrkdwn(v.capped.severity)} finding)` : ''}`,
    `*Findings*\n${v.findings.length ? `${figure(v.findings.length)} (${bySeverity.join(', ')})` : 'none'}`,
    `*Upstream*\n${count(v.upstreamCount, 'entity', 'entities')}`,
  ];
  if (v.label) out.push(`*Label*\n\`${name(shortName(v.label.column))}\``);
  return out.slice(0, LIMITS.fields);
}

/** Argos's blast-radius sentence, with the names capped. */
function blastRadiusLine(v: Verdict): string | undefined {
  const { count: others, listed } = otherModels(v, MAX_BLAST_NAMES);
  if (!others) return undefined;
  const rest = others - listed.length;
  return `The same trouble reaches ${count(others, 'other model', 'other models')}: ${listed.map((m) => name(m.name)).join(', ')}${rest > 0 ? ` and ${figure(rest)} more` : ''}.`;
}

function buttons(opts: VerdictBlocksOptions): Block | undefined {
  const elements = [
    opts.reportUrl && {
      type: 'button' as const,
      action_id: LINK_ACTIONS.report,
      text: { type: 'plain_text' as const, text: 'Model Impact Report' },
      url: opts.reportUrl,
    },
    opts.datahubUrl && {
      type: 'button' as const,
      action_id: LINK_ACTIONS.datahub,
      text: { type: 'plain_text' as const, text: 'Open in DataHub' },
      url: opts.datahubUrl,
    },
  ].filter((e) => !!e);
  return elements.length ? { type: 'actions', elements } : undefined;
}

/** "As of the scan at 12:00:03" or "Judged now": Slack shows the time in the reader's own time zone. */
function sourceLine(v: Verdict, source: VerdictBlocksOptions['source']): string {
  const at = source.kind === 'scan' ? source.scannedAt : v.scannedAt;
  const ms = Date.parse(at);
  const time = Number.isNaN(ms) ? mrkdwn(at) : dateToken(ms, '{time_secs}', `${at.slice(11, 19)} UTC`);
  return source.kind === 'scan' ? `As of the scan at ${time}` : `Judged now (${time}) from DataHub`;
}
