import type { ClaimOutcome } from '../app/claim-ownership.js';
import type { Logger } from '../log.js';
import { section, type SlackMessage } from './present/kit.js';
import { failureDetail, parseClick, type Reply } from './click-payload.js';
import { claimReplies, withClaim, type ClaimShown } from './orphan-blocks.js';
import type { OrphanClaim } from './orphan-store.js';

/** What the Claim ownership button's handler calls. */
export interface ClaimHandlerDeps {
  claim(value: string, slackUser: string): Promise<ClaimOutcome>;
  /** `chat.update` of the message the button is on. */
  update(channel: string, ts: string, message: SlackMessage): Promise<unknown>;
  /** Keeps who claimed it with the orphan (App Home, the other channels' pings); absent without Redis. */
  recordClaim?(urn: string, claim: OrphanClaim): Promise<void>;
  /** Draws the clicker's App Home again, `notice` on top (a claim from App Home has no message nor response_url). */
  refreshHome?(slackUser: string, notice?: SlackMessage): Promise<unknown>;
  now?: () => number;
  logger: Logger;
}

const say = (text: string): SlackMessage & { replace_original: false } => ({
  response_type: 'ephemeral',
  replace_original: false,
  text,
  blocks: [section(text)],
});

function replyTo(outcome: ClaimOutcome): string | undefined {
  switch (outcome.kind) {
    case 'claimed':
      return claimReplies.claimed(outcome.entity.name, outcome.removed);
    case 'already':
      return claimReplies.already(outcome.entity.name, outcome.owners);
    case 'bad-value':
      return claimReplies.badValue();
    case 'gone':
      return claimReplies.gone(outcome.urn);
    case 'refused': {
      const i = outcome.identity;
      return i.kind === 'no-email'
        ? claimReplies.noEmail()
        : i.kind === 'no-account'
          ? claimReplies.noAccount(i.email)
          : claimReplies.inactive(i.name);
    }
  }
}

/**
 * A click on Claim ownership, after the ack: the claim in DataHub, then the message shows who claimed it (in place),
 * and the clicker is told what happened, only to them. A failure is told to the clicker, never thrown at Bolt.
 */
export async function runClaimClick(
  deps: ClaimHandlerDeps,
  body: unknown,
  reply: Reply | undefined,
  fromHome: boolean,
): Promise<void> {
  const click = parseClick(body);
  if (!click) {
    deps.logger.warn('claim click without the fields Slack sends: ignored');
    return;
  }
  const log = deps.logger.child({ action: 'owner.claim', entity: click.value, user: click.user });
  const tell = async (text: string | undefined) => {
    if (fromHome) await deps.refreshHome?.(click.user, text ? say(text) : undefined);
    else if (text && reply) await reply(say(text));
  };
  try {
    const outcome = await deps.claim(click.value, click.user);
    log.info({ outcome: outcome.kind }, 'claim click');
    if (outcome.kind === 'claimed') {
      const shown: ClaimShown = {
        slackId: click.user,
        name: outcome.actor.name,
        at: (deps.now ?? Date.now)(),
        removed: outcome.removed,
      };
      await deps
        .recordClaim?.(outcome.entity.urn, {
          by: outcome.actor.urn,
          name: shown.name,
          slackId: shown.slackId,
          at: shown.at,
        })
        .catch((err: unknown) => log.warn({ err: failureDetail(err) }, 'could not keep the claim in Redis'));
      const m = click.message;
      if (m?.blocks)
        await deps
          .update(m.channel, m.ts, {
            text: `${m.text ?? ''}`.trim() || 'Claimed',
            blocks: withClaim(m.blocks, outcome.entity.urn, shown),
          })
          .catch((err: unknown) => log.warn({ err: failureDetail(err) }, 'could not update the ping'));
    }
    await tell(replyTo(outcome));
  } catch (err) {
    log.warn({ err: failureDetail(err) }, 'claim failed');
    await tell(claimReplies.failed(failureDetail(err))).catch((e: unknown) =>
      log.error({ err: failureDetail(e) }, 'could not tell the clicker'),
    );
  }
}
