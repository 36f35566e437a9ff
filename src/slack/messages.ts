import type { ModelRef } from '../core/verdict.js';
import { clip, LIMITS, mrkdwn, type Block, type SlackMessage } from '../render/blocks.js';

/** The replies `/janus` gives besides a verdict: every one ephemeral (only the asker sees it). Pure. */

const ephemeral = (text: string, blocks: Block[]): SlackMessage => ({ response_type: 'ephemeral', text, blocks });
const section = (text: string): Block => ({
  type: 'section',
  text: { type: 'mrkdwn', text: clip(text, LIMITS.sectionText) },
});

const COMMANDS = [
  "• `/janus trust &lt;model&gt;`: the model's trust verdict: score, band, findings with their evidence, and what else the trouble reaches. `&lt;model&gt;` is its name in DataHub or its urn.",
  '• `/janus help`: this message.',
].join('\n');

export function helpMessage(): SlackMessage {
  return ephemeral('Argos answers /janus trust &lt;model&gt; and /janus help.', [
    section(`*Argos, Janus's watchdog, answers:*\n${COMMANDS}`),
  ]);
}

/** Text Argos cannot act on, and why; nothing was judged. */
export function usageMessage(problem: string): SlackMessage {
  return ephemeral(problem, [section(mrkdwn(problem)), section(`*Try:*\n${COMMANDS}`)]);
}

const MAX_CANDIDATES = 10;

/** A name that matches no model (closest names offered), or several (each with its urn). */
export function unresolvedModelMessage(
  ref: string,
  reason: 'unknown' | 'ambiguous',
  candidates: ModelRef[],
): SlackMessage {
  const name = `\`${mrkdwn(ref)}\``;
  if (reason === 'ambiguous') {
    const listed = candidates.slice(0, MAX_CANDIDATES).map((c) => `• ${mrkdwn(c.name)}: \`${mrkdwn(c.urn)}\``);
    const more = candidates.length > MAX_CANDIDATES ? [`…and ${candidates.length - MAX_CANDIDATES} more`] : [];
    const text = `${name} matches ${candidates.length} models in DataHub. Name one by its urn: \`/janus trust &lt;urn&gt;\`.`;
    return ephemeral(text, [section(text), section([...listed, ...more].join('\n'))]);
  }
  const closest = candidates.map((c) => `\`${mrkdwn(c.name)}\``);
  const text = `Argos finds no model named ${name} in DataHub.${closest.length ? ` Closest: ${closest.join(', ')}.` : ''}`;
  const hint = candidates[0] ? [section(`Did you mean \`/janus trust ${mrkdwn(candidates[0].name)}\`?`)] : [];
  return ephemeral(text, [section(text), ...hint]);
}

/** DataHub failed (5xx, timeout, unreadable answer): nothing was judged, and it is not the asker's fault. */
export function datahubDownMessage(ref: string, detail: string): SlackMessage {
  const text = `Argos could not read DataHub just now, so \`${mrkdwn(ref)}\` was not judged. Try again in a moment.`;
  return ephemeral(text, [
    section(`:warning: ${text}`),
    { type: 'context', elements: [{ type: 'mrkdwn', text: clip(mrkdwn(detail), LIMITS.sectionText) }] },
  ]);
}

/** Anything else that went wrong: the server log has the details. */
export function failedMessage(ref: string): SlackMessage {
  const text = `Argos failed to judge \`${mrkdwn(ref)}\`; the Janus server log has the details.`;
  return ephemeral(text, [section(`:warning: ${text}`)]);
}
