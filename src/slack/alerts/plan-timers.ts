import { escalationMessage, escalationNotice, expiryMessage } from './render.js';
import { heldNote, type SnoozeFacts } from './snooze-notices.js';
import { parentDelivery, replyDelivery } from './thread-deliveries.js';
import type { AlertState, Delivery, Plan } from './types.js';

/** The timers' alert plan: what time alone brings to the open alerts, apart from any cycle. Pure. */

export interface TimerContext {
  now: number;
  /** Every open alert. */
  states: AlertState[];
  snoozed: (urn: string) => boolean;
  /** The snoozes that ended since the last run, by entity (`endedBy`: someone unsnoozed it): the held alerts name them. */
  ended?: Record<string, SnoozeFacts & { endedBy?: string }>;
  escalateAfterMs: number;
  escalationChannel?: string;
  /** Incidents someone acknowledged or resolved (DataHub says so). */
  acknowledged: Set<string>;
  /** Alerts stood down because a person accepted the risk (`AlertState.accepted`): their end is announced. */
  accepted?: AlertState[];
}

/** How long before an acceptance ends its owners are told, once. */
export const EXPIRY_NOTICE_MS = 86_400_000;

/**
 * What time alone brings: an alert whose snooze ended, still open, is posted where it was held back; an alert nobody
 * acknowledged within `escalateAfter` is raised again once in its threads, and in the escalation channel; an accepted
 * risk's owners are told in its thread, once, a day before the acceptance ends.
 */
export function planTimers(ctx: TimerContext): Plan {
  const changed: Record<string, AlertState> = {};
  const deliveries: Delivery[] = [];
  for (const a of ctx.states) {
    if (a.status !== 'open') continue;
    const s: AlertState = structuredClone(a);
    let touched = false;
    if (s.incident && ctx.acknowledged.has(s.incident) && !s.acknowledged) {
      s.acknowledged = true;
      touched = true;
    }
    for (const [channel, ch] of Object.entries(s.channels)) {
      if (ch.posted) continue;
      const quiet = (s.dataset && ctx.snoozed(s.dataset)) || (ch.models.length > 0 && ch.models.every(ctx.snoozed));
      if (quiet) continue;
      touched = true;
      const urn = [...(s.dataset ? [s.dataset] : []), ...ch.models].find((u) => ctx.ended?.[u]);
      const snooze = urn ? ctx.ended![urn] : undefined;
      // a channel held again by a later snooze is posted under that snooze's own id
      const cause = snooze ? `unsnoozed:${snooze.until}` : 'unsnoozed';
      deliveries.push(parentDelivery(s, channel, ch, cause, ctx.now, heldNote(snooze)));
    }
    const posted = Object.entries(s.channels).filter(([, c]) => c.posted);
    if (!s.escalated && !s.acknowledged && posted.length && ctx.now - s.raisedAt >= ctx.escalateAfterMs) {
      s.escalated = true;
      touched = true;
      for (const [channel, ch] of posted) {
        const message = escalationMessage(s, ch, ctx.escalateAfterMs);
        deliveries.push(replyDelivery(s, channel, ch, 'escalation', message, 'escalation', ctx.now));
      }
      if (ctx.escalationChannel)
        deliveries.push({
          id: `${s.id}|escalation-channel`,
          channel: ctx.escalationChannel.replace(/^#/, ''),
          threads: [],
          reply: false,
          message: escalationNotice(
            s,
            posted.map(([c]) => c),
            ctx.escalateAfterMs,
          ),
          what: 'escalation-channel',
          queuedAt: ctx.now,
        });
    }
    if (touched) changed[s.id] = s;
  }
  for (const a of ctx.accepted ?? []) {
    const until = Date.parse(a.accepted?.until ?? '');
    if (a.expiryTold || !a.accepted || !(ctx.now >= until - EXPIRY_NOTICE_MS && ctx.now < until)) continue;
    const s: AlertState = { ...structuredClone(a), expiryTold: true };
    for (const [channel, ch] of Object.entries(s.channels))
      if (ch.posted)
        deliveries.push(replyDelivery(s, channel, ch, 'expiry', expiryMessage(s.accepted!, ch), 'expiry', ctx.now));
    changed[s.id] = s;
  }
  return { states: changed, live: {}, deliveries, unroutable: [] };
}
