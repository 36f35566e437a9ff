import type { AllMiddlewareArgs, SlackCommandMiddlewareArgs } from '@slack/bolt';
import { parseJanusText } from '../../slack/command-text.js';
import { answerRequest, type JanusCommandDeps } from './answer.js';

export type { JanusCommandDeps } from './answer.js';

/**
 * `/janus <text>`: help and usage problems in the ack itself; anything else is acked at once (Slack allows 3 s), then
 * answered at the response URL by its command's handler (`answer.ts`).
 */
export const janusCommand =
  (deps: JanusCommandDeps) =>
  async ({ command, ack, respond }: SlackCommandMiddlewareArgs & AllMiddlewareArgs): Promise<void> => {
    const request = parseJanusText(command.text);
    const say = async (m: Parameters<typeof respond>[0]) => {
      await respond(m).catch((err: unknown) =>
        deps.logger.error(
          { err: err instanceof Error ? err.message : String(err) },
          'could not post the reply to Slack',
        ),
      );
    };
    const asker = { user: command.user_id, team: command.team_id, later: say };
    if (request.kind === 'help' || request.kind === 'usage') return ack(await answerRequest(deps, request, asker));
    await ack();
    await say(await answerRequest(deps, request, asker));
  };
