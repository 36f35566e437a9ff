import type { AllMiddlewareArgs, SlackActionMiddlewareArgs } from '@slack/bolt';
import { replyOf } from '../../slack/click-payload.js';
import { runIncidentClick } from '../../slack/incident-click.js';
import type { IncidentHandlerDeps } from '../../slack/incident-deps.js';

/** Reopen (`janus.incident.reopen`): acked at once; then a resolved incident is ACTIVE/TRIAGE again, naming the clicker. */
export const incidentReopen =
  (deps: IncidentHandlerDeps) =>
  async ({ ack, body, respond }: SlackActionMiddlewareArgs & AllMiddlewareArgs): Promise<void> => {
    await ack();
    await runIncidentClick(deps, 'reopen', body, replyOf(body, respond));
  };
