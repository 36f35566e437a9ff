import type { AllMiddlewareArgs, SlackActionMiddlewareArgs } from '@slack/bolt';
import { replyOf } from '../../slack/click-payload.js';
import { runClaimClick, type ClaimHandlerDeps } from '../../slack/owner-claim.js';

/** Claim ownership (`janus.owner.claim`): acked at once; then the clicker becomes the orphan's technical owner in DataHub. */
export const ownerClaim =
  (deps: ClaimHandlerDeps) =>
  async ({ ack, body, respond }: SlackActionMiddlewareArgs & AllMiddlewareArgs): Promise<void> => {
    await ack();
    // a click in App Home has no response_url: its answer is App Home drawn again
    const fromHome = (body as { view?: { type?: string } }).view?.type === 'home';
    await runClaimClick(deps, body, replyOf(body, respond), fromHome);
  };
