import type { Transition } from '../../core/transitions.js';

/** An alert's id: one per episode of a root cause, one per run of a model's own band changes. */
export const causeAlertId = (key: string, episode: number) => `cause:${key}#${episode}`;
export const modelAlertId = (urn: string, seq: number) => `model:${urn}#${seq}`;

/** The alert a transition opens, if it opens one: a raised root cause's, or a model's own (a clearing opens none). */
export function alertOpenedBy(t: Transition): string | undefined {
  if (t.kind === 'band') return modelAlertId(t.model.urn, t.seq);
  return t.state === 'raised' ? causeAlertId(t.key, t.episode) : undefined;
}
