import type { types } from '@slack/bolt';
import type { ModelRef } from '../core/verdict.js';
import type { Block } from './present/kit.js';
import { clip } from './present/mrkdwn.js';

/**
 * Candidate buttons: each runs a `/janus` command again for one candidate. The button's `value` is the command's
 * text (`trust <urn>`), parsed again on the click like a typed command; `action_id`s are unique within the block.
 */
export const PICK_ACTION = /^janus\.pick\.\d+$/;
const MAX_VALUE = 2000;

export function pickButtons(candidates: ModelRef[], redo: (urn: string) => string | undefined): Block | undefined {
  const elements: types.Button[] = [];
  candidates.forEach((c, i) => {
    const value = redo(c.urn);
    if (!value || value.length > MAX_VALUE) return;
    elements.push({
      type: 'button',
      action_id: `janus.pick.${i}`,
      text: { type: 'plain_text', text: clip(c.name, 75), emoji: false },
      value,
    });
  });
  return elements.length ? { type: 'actions', block_id: 'janus.pick', elements: elements.slice(0, 25) } : undefined;
}
