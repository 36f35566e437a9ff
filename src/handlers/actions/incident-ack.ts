import type { AllMiddlewareArgs, SlackActionMiddlewareArgs } from '@slack/bolt';
import { replyOf } from '../../slack/click-payload.js';
import { runIncidentClick } from '../../slack/incident-click.js';
import type { IncidentHandlerDeps } from '../../slack/incident-deps.js';

/** Acknowledge (`janus.incident.ack`): acked at once; then the incident becomes ACTIVE/INVESTIGATION, naming the clicker. */
export const incidentAck =
  (deps: IncidentHandlerDeps) =>
  async ({ ack, body, respond }: SlackActionMiddlewareArgs & AllMiddlewareArgs): Promise<void> => {
    await ack();
    await runIncidentClick(deps, 'ack', body, replyOf(body, respond));
  };
