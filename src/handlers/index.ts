import type { App } from '@slack/bolt';
import { openLink } from './actions/open-link.js';
import { janusCommand, type JanusCommandDeps } from './commands/janus.js';
import { incidentAck } from './actions/incident-ack.js';
import { incidentAssign } from './actions/incident-assign.js';
import { incidentSet } from './actions/incident-set.js';
import { incidentReopen } from './actions/incident-reopen.js';
import { incidentResolve } from './actions/incident-resolve.js';
import { incidentUnknown } from './actions/incident-unknown.js';
import { incidentResolveSubmit } from './views/incident-resolve-submit.js';
import { INCIDENT_ACTIONS, RESOLVE_VIEW, UNKNOWN_INCIDENT_ACTION } from '../slack/incident-blocks.js';
import type { IncidentHandlerDeps } from '../slack/incident-deps.js';
import { PICK_ACTION } from '../slack/pick-buttons.js';
import { pickCandidate } from './actions/pick.js';
import { linkShared, type UnfurlHandlerDeps } from './events/link-shared.js';

import { ownerClaim } from './actions/owner-claim.js';
import { appHomeOpened } from './events/app-home-opened.js';
import { CLAIM_ACTION } from '../slack/orphan-blocks.js';
import type { ClaimHandlerDeps } from '../slack/owner-claim.js';
import type { HomePublisher } from '../slack/orphan-deps.js';

export type HandlerDeps = JanusCommandDeps & {
  incidents: IncidentHandlerDeps;
  unfurl: UnfurlHandlerDeps;
  /** The Claim ownership button and App Home. */
  orphans: { claim: ClaimHandlerDeps; home: HomePublisher };
};

/** Every Slack binding of Janus, on one screen. */
export function registerListeners(app: App, deps: HandlerDeps): void {
  app.command('/janus', janusCommand(deps));
  app.action(/^open_(report|datahub)$/, openLink);
  app.action(INCIDENT_ACTIONS.ack, incidentAck(deps.incidents));
  app.action(INCIDENT_ACTIONS.resolve, incidentResolve(deps.incidents));
  app.action(INCIDENT_ACTIONS.reopen, incidentReopen(deps.incidents));
  app.action(INCIDENT_ACTIONS.assign, incidentAssign(deps.incidents));
  app.action(INCIDENT_ACTIONS.set, incidentSet(deps.incidents));
  app.action(UNKNOWN_INCIDENT_ACTION, incidentUnknown(deps.incidents.logger));
  app.view(RESOLVE_VIEW, incidentResolveSubmit(deps.incidents));
  app.action(PICK_ACTION, pickCandidate(deps));
  app.event('link_shared', linkShared(deps.unfurl));
  app.action(CLAIM_ACTION, ownerClaim(deps.orphans.claim));
  app.event('app_home_opened', appHomeOpened(deps.orphans.home));
}
