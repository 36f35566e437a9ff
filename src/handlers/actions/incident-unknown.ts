import type { AllMiddlewareArgs, SlackActionMiddlewareArgs } from '@slack/bolt';
import { replyOf } from '../../slack/click-payload.js';
import { unknownActionMessage } from '../../slack/incident-blocks.js';
import type { Logger } from '../../log.js';

/** A `janus.incident.*` button Argos does not know (an old message, a forged payload): acked, said so, nothing changed. */
export const incidentUnknown =
  (logger: Logger) =>
  async ({ ack, action, body, respond }: SlackActionMiddlewareArgs & AllMiddlewareArgs): Promise<void> => {
    await ack();
    const id = 'action_id' in action ? action.action_id : 'unknown';
    logger.warn({ action: id, user: body.user.id }, 'unknown incident button');
    // a click in App Home has no response_url: the log is all there is
    await replyOf(
      body,
      respond,
    )?.({ ...unknownActionMessage(id), replace_original: false }).catch((err: unknown) =>
      logger.error({ err: err instanceof Error ? err.message : String(err) }, 'could not tell the clicker'),
    );
  };
