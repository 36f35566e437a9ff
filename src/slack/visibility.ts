import { context, type Block, type SlackMessage } from './present/kit.js';
import { name, plain } from './present/mrkdwn.js';
import type { ModelRef } from '../core/verdict.js';

/** An answer to a person's question: only they see it, unless they asked with `--public`. */
export const shown = (m: SlackMessage, pub: boolean): SlackMessage => ({
  ...m,
  response_type: pub ? 'in_channel' : 'ephemeral',
});

/** "`fraud` matched one model, fraud_detector_v4: this is about it." */
export function pickedNote(ref: string, picked: ModelRef): Block {
  return context(`\`${plain(ref)}\` matches one model in DataHub, *${name(picked.name)}*: this answer is for it.`);
}

/** The message with a note first (after its header, when it has one). */
export function withNote(m: SlackMessage, note: Block | undefined): SlackMessage {
  if (!note) return m;
  const at = m.blocks[0]?.type === 'header' ? 1 : 0;
  return { ...m, blocks: [...m.blocks.slice(0, at), note, ...m.blocks.slice(at)] };
}
