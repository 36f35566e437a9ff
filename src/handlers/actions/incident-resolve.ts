import type { AllMiddlewareArgs, SlackActionMiddlewareArgs } from '@slack/bolt';
import { replyOf } from '../../slack/click-payload.js';
import type { IncidentHandlerDeps } from '../../slack/incident-deps.js';
import { runResolveClick } from '../../slack/incident-resolve.js';

/** Resolve (`janus.incident.resolve`): acked at once; opens the modal asking fixed or no action required, and a note. */
export const incidentResolve =
  (deps: IncidentHandlerDeps) =>
  async ({ ack, body, respond, client }: SlackActionMiddlewareArgs & AllMiddlewareArgs): Promise<void> => {
    await ack();
    await runResolveClick(deps, body, replyOf(body, respond), (trigger_id, view) =>
      client.views.open({ trigger_id, view }),
    );
  };
