import type { AllMiddlewareArgs, SlackActionMiddlewareArgs } from '@slack/bolt';
import { replyOf } from '../../slack/click-payload.js';
import { runIncidentClick } from '../../slack/incident-click.js';
import type { IncidentHandlerDeps } from '../../slack/incident-deps.js';

/** The priority / stage menu (`janus.incident.set`): acked at once; then the chosen priority or stage is in DataHub. */
export const incidentSet =
  (deps: IncidentHandlerDeps) =>
  async ({ ack, body, respond }: SlackActionMiddlewareArgs & AllMiddlewareArgs): Promise<void> => {
    await ack();
    await runIncidentClick(deps, 'set', body, replyOf(body, respond));
  };
