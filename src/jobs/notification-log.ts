import { UnrecoverableError, type Job } from 'bullmq';
import type { Logger } from '../log.js';
import { notificationData } from './payloads.js';

/** Until Slack consumes the notifications queue, each transition is logged: what an alert would say, one line. */
export async function logTransition(job: Job, logger: Logger): Promise<void> {
  const parsed = notificationData.safeParse(job.data);
  if (!parsed.success) throw new UnrecoverableError(`bad notification payload: ${parsed.error.message}`);
  const { transition: t, incidents, owners } = parsed.data;
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
