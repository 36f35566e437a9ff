import type { AllMiddlewareArgs, SlackViewMiddlewareArgs, ViewSubmitAction } from '@slack/bolt';
import type { IncidentHandlerDeps } from '../../slack/incident-deps.js';
import { parseResolveForm, runResolveSubmit } from '../../slack/incident-resolve.js';

/** The Resolve modal's submission: a bad form is shown its errors; a good one is acked, then the incident resolved. */
export const incidentResolveSubmit =
  (deps: IncidentHandlerDeps) =>
  async ({ ack, body, view }: SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs): Promise<void> => {
    const form = parseResolveForm(view);
    if (form.kind === 'errors') return ack({ response_action: 'errors', errors: form.errors });
    await ack();
    await runResolveSubmit(deps, form, body.user.id);
  };
