import { aboutAlert, alertMessage } from './render.js';
import type { AlertChannel, AlertState, Delivery } from './types.js';

/**
 * The two deliveries of an alert's thread in a channel, for the cycle's plan and the timers' alike: its parent (the
 * first message there) and a reply (with the parent's new look). Each moves the channel's sequence on; `cause` (the
 * transition's id, or what time brought) makes the delivery's id, so a plan computed twice queues it once.
 */

/** The alert's first message in a channel (`note`: a line on top, such as why it comes late). */
export function parentDelivery(
  s: AlertState,
  channel: string,
  ch: AlertChannel,
  cause: string,
  queuedAt: number,
  note?: string,
): Delivery {
  ch.seq = 1;
  ch.posted = true;
  return {
    id: `${s.id}|${channel}|${cause}`,
    channel,
    threads: [{ alert: s.id, seq: 1 }],
    reply: false,
    message: alertMessage(s, ch, note),
    what: 'alert',
    queuedAt,
  };
}

/** A reply in the alert's thread, with the parent edited to match (a digest's thread: the reply names the alert). */
export function replyDelivery(
  s: AlertState,
  channel: string,
  ch: AlertChannel,
  cause: string,
  message: Delivery['message'],
  what: Delivery['what'],
  queuedAt: number,
): Delivery {
  ch.seq += 1;
  return {
    id: `${s.id}|${channel}|${cause}`,
    channel,
    threads: [{ alert: s.id, seq: ch.seq }],
    reply: true,
    message: ch.digest ? aboutAlert(s, message) : message,
    ...(ch.digest ? {} : { parent: alertMessage(s, ch) }),
    what,
    queuedAt,
  };
}
