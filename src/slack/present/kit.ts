import type { types } from '@slack/bolt';
import { clip } from './mrkdwn.js';

/** Block Kit's blocks, one helper each, kept inside Block Kit's limits whatever the text. Pure. */

export type Block = types.KnownBlock;

/** A message for `respond()` / `chat.postMessage`: blocks, and the text notifications show. */
export interface SlackMessage {
  response_type?: 'in_channel' | 'ephemeral';
  text: string;
  blocks: Block[];
}

/** Block Kit's limits (docs: reference/block-kit/blocks), and the caps Janus keeps well inside them. */
export const LIMITS = { blocks: 50, sectionText: 3000, fields: 10, fieldText: 2000, headerText: 150 } as const;
/** Elements a context block holds at most. */
const CONTEXT_ELEMENTS = 10;

/** The link buttons' action ids (a link button's click is only acknowledged: Slack opens the URL). */
export const LINK_ACTIONS = { report: 'open_report', datahub: 'open_datahub' } as const;

/** A section of mrkdwn text. */
export const section = (text: string): Block => ({
  type: 'section',
  text: { type: 'mrkdwn', text: clip(text, LIMITS.sectionText) },
});

/** A context block: small grey mrkdwn, one element per text. */
export const context = (...texts: string[]): Block => ({
  type: 'context',
  elements: texts
    .slice(0, CONTEXT_ELEMENTS)
    .map((t) => ({ type: 'mrkdwn' as const, text: clip(t, LIMITS.sectionText) })),
});

/** A header: plain text, emoji shown. */
export const header = (text: string): Block => ({
  type: 'header',
  text: { type: 'plain_text', text: clip(text, LIMITS.headerText), emoji: true },
});

export const divider: Block = Object.freeze({ type: 'divider' });
