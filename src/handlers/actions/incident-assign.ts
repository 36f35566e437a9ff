import type { AllMiddlewareArgs, SlackActionMiddlewareArgs } from '@slack/bolt';
import { replyOf } from '../../slack/click-payload.js';
import { runIncidentClick } from '../../slack/incident-click.js';
import type { IncidentHandlerDeps } from '../../slack/incident-deps.js';

/** Assign to me (`janus.incident.assign`): acked at once; then the clicker is among the incident's assignees in DataHub. */
export const incidentAssign =
  (deps: IncidentHandlerDeps) =>
  async ({ ack, body, respond }: SlackActionMiddlewareArgs & AllMiddlewareArgs): Promise<void> => {
    await ack();
    await runIncidentClick(deps, 'assign', body, replyOf(body, respond));
  };
