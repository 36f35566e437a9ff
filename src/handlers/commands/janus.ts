import type { AllMiddlewareArgs, SlackCommandMiddlewareArgs } from '@slack/bolt';
import { answerRequest, commandNamed, parseJanusText, type JanusCommandDeps } from './registry.js';

export type { JanusCommandDeps } from './registry.js';

/**
 * `/janus <text>`: help (`inAck`) and usage problems in the ack itself; anything else is acked at once (Slack allows 3 s), then
 * answered at the response URL by its command (`registry.ts`).
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
    const asker = { user: command.user_id, team: command.team_id, channel: command.channel_id, later: say };
    if (request.kind === 'usage' || commandNamed(request.kind)?.inAck)
      return ack(await answerRequest(deps, request, asker));
    await ack();
    await say(await answerRequest(deps, request, asker));
  };
