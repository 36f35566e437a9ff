import type { OwnersView } from '../app/owners.js';
import { shortName } from '../core/names.js';
import type { ModelRef } from '../core/verdict.js';
import type { ModelSummary, ScoreEntry } from '../history/index.js';
import { sparkline } from '../render/score-history.js';
import { context, LIMITS, section, type Block, type SlackMessage } from './present/kit.js';
import { fitLines, listBlocks } from './present/list.js';
import { acceptedBlocks } from './present/accepted-risks.js';
import { channelRef, clip, link, mrkdwn, name as catalogName, plain, slackDate } from './present/mrkdwn.js';
import { BAND_ICON, BAND_WORD } from './present/vocabulary.js';

/** The answers of `/janus history`, `at-risk`, `owners`, `scan`, `watch`, `unwatch`, `watching` and `test`. Pure. */

export const answer = (text: string, blocks: Block[]): SlackMessage => ({
  response_type: 'ephemeral',
  text: clip(text, LIMITS.sectionText),
  blocks: blocks.slice(0, LIMITS.blocks),
});

/** "▂▄▆█ 62 → 80 over 4 scans": the score's trend, oldest first, from history (newest first). */
export function trendLine(entries: readonly ScoreEntry[]): string | undefined {
  if (entries.length < 2) return undefined;
  const oldest = [...entries].reverse();
  return `${sparkline(oldest.map((e) => e.score))}  ${oldest[0]!.score} → ${entries[0]!.score} over ${entries.length} scans`;
}

const MAX_ROWS = 20;
/** A model's name in a list row, at most (its report has the whole name). */
const MAX_NAME = 60;

/** `/janus history <model>`: the score over time, newest first, with its trend. */
export function historyMessage(model: ModelRef, entries: readonly ScoreEntry[], total: boolean): SlackMessage {
  const shown = catalogName(model.name);
  if (!entries.length) {
    const text = total
      ? `No scan has judged *${shown}* yet: the next cycle records it.`
      : 'No scans are recorded yet (`janus serve` records every cycle; `/janus scan all` runs one now).';
    return answer(text, [section(text)]);
  }
  const rows = entries.map((e, i) => {
    const before = entries[i + 1];
    const change = before ? e.score - before.score : 0;
    const moved = before && before.band !== e.band ? ` (from ${BAND_WORD[before.band]})` : '';
    const delta = change ? ` ${change > 0 ? '+' : '−'}${Math.abs(change)}` : '';
    return `${slackDate(e.scannedAt)}  *${e.score}*${delta}  ${BAND_ICON[e.band]} ${BAND_WORD[e.band]}${moved}`;
  });
  const trend = trendLine(entries);
  const text = `${shown}: ${entries[0]!.score}/100, ${BAND_WORD[entries[0]!.band]}, over ${entries.length} scans`;
  const list = fitLines(rows, { rows: MAX_ROWS });
  return answer(text, [
    section(`*${shown}*, newest first:`),
    ...listBlocks(list, ['scan', 'scans'], { label: 'older, in `janus history --limit`' }),
    ...(trend ? [context(`Trend: ${trend}`)] : []),
  ]);
}

/** `/janus at-risk`: the models the last cycle did not trust, worst first, each with its report. */
export function atRiskMessage(
  models: readonly ModelSummary[],
  total: number,
  recorded: boolean,
  reportUrl: (urn: string) => string | undefined,
  rest?: string,
  /** Every model's latest judgment: their accepted findings are listed after. */
  judged: readonly ModelSummary[] = [],
): SlackMessage {
  const accepted = acceptedBlocks(judged);
  if (!recorded) {
    const text = 'No scans are recorded yet (`janus serve` records every cycle; `/janus scan all` runs one now).';
    return answer(text, [section(text)]);
  }
  if (!models.length) {
    const text = `${BAND_ICON.trusted} Every model the last cycle judged is trusted.`;
    return answer(text, [section(text), ...accepted]);
  }
  const rows = models.map((m) => {
    const url = reportUrl(m.urn);
    const label = url ? link(url, clip(m.name, MAX_NAME)) : `*${catalogName(m.name)}*`;
    const why = [...new Set(m.findings.map((k) => k.split(':')[0]!.replace(/_/g, ' ')))].slice(0, 2).join(', ');
    return `${BAND_ICON[m.band]} ${label}  ${m.score}/100${why ? `  · ${mrkdwn(why)}` : ''}`;
  });
  // whole rows only (a cut row would break its link), and the count of the rest is exact
  const list = fitLines(rows, { rows: MAX_ROWS, sections: 2 });
  const hidden = total - list.shown;
  const text = `${total} ${total === 1 ? 'model is' : 'models are'} not trusted, worst first`;
  return answer(text, [
    section(`*${text}:*`),
    ...listBlocks({ ...list, hidden }, ['model', 'models'], atRiskRest(list.shown, rest)),
    ...accepted,
  ]);
}

/** Where the models not listed are. */
const atRiskRest = (shown: number, url: string | undefined) =>
  url
    ? { url, label: 'Janus lists them all' }
    : { label: `\`/janus trust <model>\` answers for any of them (the ${shown} worst are above)` };

export function ownersMessage(v: OwnersView): SlackMessage {
  const name = catalogName(v.entity.name);
  const owners = v.owners.length
    ? v.owners.map((o) => `${plain(o.name)}${o.kind === 'group' ? ' (group)' : ''}${o.active ? '' : ' (departed)'}`)
    : [];
  const ownedBy = owners.length ? owners.join(', ') : '*nobody*';
  const where = v.channels.length
    ? v.channels.map(channelRef).join(', ')
    : v.fallback
      ? `${channelRef(v.fallback.replace(/^#/, ''))} (the fallback: no owner names a channel)`
      : 'nowhere: no owner names a channel and no fallback channel is set';
  const lines = [
    `*Owners:* ${ownedBy}`,
    `*Alerts go to:* ${where}${v.mentioned.length ? `, mentioning ${v.mentioned.map((m) => plain(m)).join(', ')}` : ''}`,
  ];
  if (v.entity.kind === 'model')
    lines.push(
      v.judged
        ? v.orphans.length
          ? `*Nobody owns, upstream:* ${v.orphans
              .slice(0, 15)
              .map((u) => `\`${catalogName(shortName(u))}\``)
              .join(', ')}${v.orphans.length > 15 ? ` and ${v.orphans.length - 15} more` : ''}`
          : '*Upstream:* every table and job has an owner.'
        : '*Upstream:* not judged yet, so Argos cannot say what nobody owns.',
    );
  const text = `${name}: owned by ${owners.length ? owners.join(', ') : 'nobody'}`;
  return answer(text, [section(`*${name}* (${v.entity.kind})`), section(lines.join('\n'))]);
}

/** `/janus scan`: said at once; the outcome follows. */
export function scanQueuedMessage(what: { all: true } | { all: false; model: ModelRef }): SlackMessage {
  const text = what.all
    ? ':mag: A cycle over the whole catalog is queued. Argos posts the outcome here when it is done.'
    : `:mag: A cycle judging *${catalogName(what.model.name)}* again is queued. Argos posts the outcome here when it is done.`;
  return answer(text, [section(text)]);
}

export type ScanOutcome =
  | {
      kind: 'done';
      judged: number;
      transitions: number;
      full: boolean;
      model?: { ref: ModelRef; now?: ScoreEntry; before?: ScoreEntry };
    }
  | { kind: 'failed'; reason: string }
  | { kind: 'late'; minutes: number };

export function scanOutcomeMessage(o: ScanOutcome): SlackMessage {
  if (o.kind === 'failed') {
    const text = `:warning: The cycle failed: ${plain(clip(o.reason, 500))}. The server log has the details.`;
    return answer(text, [section(text)]);
  }
  if (o.kind === 'late') {
    const text = `:hourglass: The cycle has not finished after ${o.minutes} minutes; \`/janus at-risk\` shows its outcome once it has.`;
    return answer(text, [section(text)]);
  }
  const head = `:white_check_mark: Cycle done: ${o.judged} ${o.judged === 1 ? 'model' : 'models'} judged${o.full ? ' (the whole catalog read again)' : ''}, ${o.transitions} ${o.transitions === 1 ? 'change' : 'changes'} to tell.`;
  const lines = [head];
  if (o.model) {
    const { ref, now, before } = o.model;
    if (now) {
      const moved = before && before.band !== now.band ? ` (was ${BAND_WORD[before.band]}, ${before.score})` : '';
      lines.push(
        `*${catalogName(ref.name)}*: ${now.score}/100, ${BAND_ICON[now.band]} ${BAND_WORD[now.band]}${moved}. \`/janus trust ${catalogName(ref.name)}\` has the findings.`,
      );
    } else lines.push(`*${catalogName(ref.name)}* was not judged in it (DataHub may not list it any more).`);
  }
  return answer(lines.join(' '), lines.map(section));
}

export function scanUnavailableMessage(): SlackMessage {
  const text =
    'Cycles run on Redis (`janus serve` with REDIS_URL): this Janus has no Redis, so Argos cannot queue one.';
  return answer(text, [section(text)]);
}

const kindWord = (k: 'model' | 'dataset') => k;

export function watchMessage(
  entity: { name: string; kind: 'model' | 'dataset' },
  added: boolean,
  unknownToDataHub: boolean,
): SlackMessage {
  const name = `*${catalogName(entity.name)}*`;
  const text = added
    ? `:eyes: You are watching the ${kindWord(entity.kind)} ${name}: Argos sends you its alerts in a direct message, threaded like the channel's.`
    : `You already watch ${name}.`;
  const note = unknownToDataHub
    ? [
        context(
          'Argos does not find you in DataHub by your Slack email, so it cannot tell if you leave: `/janus unwatch` stops it.',
        ),
      ]
    : [];
  return answer(text, [section(text), ...note]);
}

export function watchRefusedMessage(entity: { name: string }, who: string): SlackMessage {
  const text = `DataHub says ${plain(who)} is suspended, so Argos does not send them alerts about *${catalogName(entity.name)}*.`;
  return answer(text, [section(text)]);
}

export function unwatchMessage(entity: { name: string }, was: boolean): SlackMessage {
  const text = was
    ? `:no_bell: You no longer watch *${catalogName(entity.name)}*.`
    : `You were not watching *${catalogName(entity.name)}*.`;
  return answer(text, [section(text)]);
}

export function watchingMessage(watches: { name: string; kind: 'model' | 'dataset'; since: number }[]): SlackMessage {
  if (!watches.length) {
    const text = 'You watch nothing. `/janus watch <model|dataset>` sends you its alerts in a direct message.';
    return answer(text, [section(mrkdwn(text))]);
  }
  const rows = watches.map(
    (w) => `• *${catalogName(w.name)}* (${w.kind}), since ${slackDate(new Date(w.since).toISOString())}`,
  );
  const list = fitLines(rows, { rows: 40, sections: 2 });
  const text = `You watch ${watches.length} ${watches.length === 1 ? 'entity' : 'entities'}`;
  return answer(text, [
    section(`*${text}:*`),
    ...listBlocks(list, ['entity', 'entities'], { label: '`/janus unwatch <name>` stops any of them' }),
  ]);
}

export function watchUnavailableMessage(): SlackMessage {
  const text = 'Argos keeps watches with the Slack alerts, in Redis: this Janus runs without Redis (set REDIS_URL).';
  return answer(text, [section(text)]);
}

/** What Slack's refusals of a post mean to the person who asked for the test, and what to do. */
const POST_PROBLEMS: Record<string, string> = {
  not_in_channel: 'Argos is not in it: invite it there (`/invite @Argos`) and try again',
  channel_not_found: 'Slack knows no such channel, or it is private and Argos is not in it (`/invite @Argos` there)',
  is_archived: 'it is archived',
  restricted_action: 'only some members may post there, and Argos is not one of them',
};

/** `/janus test`: where the test alert went, or why Slack refused it (no channel: none was named or known). */
export function testAlertReply(
  r: { ok: true; channel: string } | { ok: false; channel?: string; error: string },
): SlackMessage {
  const text = r.ok
    ? `Argos posted a test alert in ${channelRef(r.channel)}: alerts routed there will look like it.`
    : !r.channel
      ? 'Argos does not know which channel this is: name one, `/janus test #channel`.'
      : `Argos could not post a test alert in ${channelRef(r.channel)}: ${POST_PROBLEMS[r.error] ?? `Slack said \`${mrkdwn(r.error)}\``}.`;
  return answer(text, [section(text)]);
}
