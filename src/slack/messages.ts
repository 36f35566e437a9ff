import type { SnoozeOutcome } from '../app/snooze.js';
import type { ModelRef } from '../core/verdict.js';
import { PUBLIC_FLAG } from './command-text.js';
import { pickButtons } from './pick-buttons.js';
import { context, section, type Block, type SlackMessage } from './present/kit.js';
import { dateToken, mrkdwn, name as catalogName, plain } from './present/mrkdwn.js';

/** The replies `/janus` gives besides a verdict: every one ephemeral (only the asker sees it). Pure. */

const ephemeral = (text: string, blocks: Block[]): SlackMessage => ({ response_type: 'ephemeral', text, blocks });

/** A `/janus` command as the help lists it (src/handlers/commands/registry.ts has them all). */
export interface CommandLine {
  usage: string;
  summary: string;
}
const commandList = (commands: readonly CommandLine[]) =>
  commands.map((c) => `• \`${mrkdwn(c.usage)}\`: ${c.summary}.`).join('\n');
const VISIBILITY = `Answers are shown to you alone; add \`${PUBLIC_FLAG}\` to show one in the channel.`;

export function helpMessage(commands: readonly CommandLine[]): SlackMessage {
  return ephemeral(`Argos answers ${commands.map((c) => mrkdwn(c.usage.replace('/janus ', ''))).join(', ')}.`, [
    section(`*Argos, Janus's watchdog, answers:*\n${commandList(commands)}`),
    context(VISIBILITY),
  ]);
}

/**
 * Text Argos cannot act on, and why (mrkdwn, the asker's words in it through `plain`), with the command's usage line,
 * or every command when none applies.
 */
export function usageMessage(problem: string, usage: string | readonly CommandLine[]): SlackMessage {
  const tail =
    typeof usage === 'string'
      ? `*Usage:* \`${mrkdwn(usage)}\` (\`/janus help\` lists every command)`
      : `*Try:*\n${commandList(usage)}`;
  return ephemeral(problem, [section(problem), section(tail)]);
}

const MAX_CANDIDATES = 10;

/**
 * A name that matches no model (closest names offered), or several: each a button that runs the same command for it
 * (`redo(urn)`: the command's text, see `retarget`), so nobody has to type an urn.
 */
export function unresolvedModelMessage(
  ref: string,
  reason: 'unknown' | 'ambiguous',
  candidates: ModelRef[],
  redo?: (urn: string) => string | undefined,
): SlackMessage {
  const name = `\`${plain(ref)}\``;
  const buttons = redo ? pickButtons(candidates.slice(0, MAX_CANDIDATES), redo) : undefined;
  if (reason === 'ambiguous') {
    const listed = candidates.slice(0, MAX_CANDIDATES).map((c) => `• ${catalogName(c.name)}: \`${plain(c.urn)}\``);
    const more = candidates.length > MAX_CANDIDATES ? [`…and ${candidates.length - MAX_CANDIDATES} more`] : [];
    const text = buttons
      ? `${name} matches ${candidates.length} models in DataHub. Pick one:`
      : `${name} matches ${candidates.length} models in DataHub. Name one by its urn: \`/janus trust &lt;urn&gt;\`.`;
    return ephemeral(text, [section(text), ...(buttons ? [buttons] : []), section([...listed, ...more].join('\n'))]);
  }
  const closest = candidates.map((c) => `\`${catalogName(c.name)}\``);
  const text = `Argos finds no model named ${name} in DataHub.${closest.length ? ` Closest: ${closest.join(', ')}.` : ''}`;
  if (buttons && candidates.length) return ephemeral(text, [section(text), section('Did you mean:'), buttons]);
  const hint = candidates[0] ? [section(`Did you mean \`/janus trust ${catalogName(candidates[0].name)}\`?`)] : [];
  return ephemeral(text, [section(text), ...hint]);
}

/** DataHub failed (5xx, timeout, unreadable answer): nothing was judged, and it is not the asker's fault. */
export function datahubDownMessage(ref: string, detail: string): SlackMessage {
  const text = `Argos could not read DataHub just now, so \`${plain(ref)}\` was not judged. Try again in a moment.`;
  return ephemeral(text, [section(`:warning: ${text}`), context(mrkdwn(detail))]);
}

/** Anything else that went wrong: the server log has the details. */
export function failedMessage(ref: string): SlackMessage {
  const text = `Argos failed to judge \`${plain(ref)}\`; the Janus server log has the details.`;
  return ephemeral(text, [section(`:warning: ${text}`)]);
}

const inChannel = (text: string): SlackMessage => ({ response_type: 'in_channel', text, blocks: [section(text)] });

/** `/janus snooze`: said in the channel, so the team knows why Argos is quiet about it. */
export function snoozedMessage(name: string, kind: 'model' | 'dataset', until: number, by: string): SlackMessage {
  const when = dateToken(until, '{date_short_pretty} {time}', new Date(until).toISOString());
  return inChannel(
    `:zzz: <@${mrkdwn(by)}> snoozed Argos's alerts about the ${kind} \`${catalogName(name)}\` until ${when}. Janus still judges it; if it is still in trouble then, Argos says so once.`,
  );
}

/** `/janus unsnooze`: who ended it, and whose snooze it was. */
export function unsnoozedMessage(name: string, by: string, was?: { by: string; until: number }): SlackMessage {
  return was
    ? inChannel(
        `:bell: <@${mrkdwn(by)}> unsnoozed \`${catalogName(name)}\` (snoozed by <@${mrkdwn(was.by)}> until ${dateToken(was.until, '{date_short_pretty} {time}', new Date(was.until).toISOString())}): Argos alerts about it again.`,
      )
    : ephemeral(`\`${catalogName(name)}\` was not snoozed.`, [section(`\`${catalogName(name)}\` was not snoozed.`)]);
}

/** Why the asker may not snooze it, only to them: who may, or what Argos could not tell. */
export function snoozeRefusedMessage(o: Exclude<SnoozeOutcome, { outcome: 'snoozed' }>): SlackMessage {
  const nothing = 'Nothing was snoozed.';
  const name = `\`${catalogName(o.entity.name)}\``;
  let text: string;
  if (o.outcome === 'refused') {
    const who = [
      ...(o.owners.length ? [o.owners.map(plain).join(', ')] : []),
      ...(o.admins ? ['a Janus admin (`slack.admins`)'] : []),
      ...(o.responders ? ['the on-call responders (`slack.responders`)'] : []),
    ];
    const may = who.length ? `: ${who.join(', or ')}` : ' (it has none in DataHub: claim it, or ask a Janus admin)';
    text = `:no_entry: Only the owners of the ${o.entity.kind} ${name} may snooze its alerts${may}. ${nothing}`;
  } else {
    const i = o.identity;
    text =
      i.kind === 'no-email'
        ? `:warning: Argos cannot see your email in Slack, so it cannot tell whether ${name} is yours to snooze. ${nothing}`
        : i.kind === 'no-account'
          ? `:warning: DataHub has no user with your email (${plain(i.email)}), so Argos cannot tell whether ${name} is yours to snooze. ${nothing}`
          : `:warning: Your DataHub account (${plain(i.name)}) is suspended or inactive, so Argos cannot snooze ${name} for you. ${nothing}`;
  }
  return ephemeral(text, [section(text)]);
}

/** Snoozes live in Redis with the alerts: without Redis there are no alerts to snooze. */
export function snoozeUnavailableMessage(): SlackMessage {
  const text = 'Argos keeps snoozes with the Slack alerts, in Redis: this Janus runs without Redis (set REDIS_URL).';
  return ephemeral(text, [section(text)]);
}
