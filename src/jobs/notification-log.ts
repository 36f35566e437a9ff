import type { Logger } from '../log.js';
import { notificationData, type NotificationData } from '../queues/payloads.js';
import { processor } from './processor.js';

/** The `transition` job when Slack alerts are off: the logging sink. */
export const transitionLogProcessor = (logger: Logger) =>
  processor('notification', notificationData, async (n) => logTransition(n, logger));

/** Until Slack consumes the notifications queue, each transition is logged: what an alert would say, one line. */
export function logTransition(n: NotificationData, logger: Logger): void {
  const { transition: t, incidents, owners } = n;
  if (t.kind === 'band') {
    logger.info(
      {
        transition: t.id,
        model: t.model.name,
        from: t.from,
        to: t.to,
        score: t.score,
        causes: t.causeCount,
        incidents: incidents.map((i) => i.urn),
        owners,
      },
      `Argos: ${t.model.name} moved ${t.from ?? 'unjudged'} → ${t.to} (score ${t.score})`,
    );
  } else {
    logger.info(
      {
        transition: t.id,
        key: t.key,
        dataset: t.dataset,
        models: t.modelCount,
        incidents: incidents.map((i) => i.urn),
        owners,
      },
      `Argos: root cause ${t.state}: ${t.key}${t.state === 'raised' ? ` (${t.modelCount} model${t.modelCount === 1 ? '' : 's'})` : ''}`,
    );
  }
}
