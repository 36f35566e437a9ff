import type { AllMiddlewareArgs, SlackCommandMiddlewareArgs } from '@slack/bolt';
import { fromSlackText } from '../../slack/command-text.js';
import { usageMessage } from '../../slack/messages.js';
import { fieldsOf, slashCommandSchema } from '../../slack/request-schemas.js';
import { answerRequest, commandNamed, JANUS_COMMANDS, parseJanusText, type JanusCommandDeps } from './registry.js';

export type { JanusCommandDeps } from './registry.js';

/**
 * `/janus <text>`, its text entity-decoded (`fromSlackText`): help (`inAck`) and usage problems in the ack itself; anything else is acked at once (Slack allows 3 s), then
 * answered at the response URL by its command (`registry.ts`).
 */
export const janusCommand =
  (deps: JanusCommandDeps) =>
  async ({ command, ack, respond }: SlackCommandMiddlewareArgs & AllMiddlewareArgs): Promise<void> => {
    const fields = slashCommandSchema.safeParse(command);
    if (!fields.success) {
      deps.logger.warn({ missing: fieldsOf(fields.error) }, 'a slash command Argos cannot read');
      return ack(usageMessage(`Argos cannot read this command (no ${fieldsOf(fields.error)}).`, JANUS_COMMANDS));
    }
    const request = parseJanusText(fromSlackText(fields.data.text));
    const say = async (m: Parameters<typeof respond>[0]) => {
      await respond(m).catch((err: unknown) =>
        deps.logger.error(
          { err: err instanceof Error ? err.message : String(err) },
          'could not post the reply to Slack',
        ),
      );
    };
    const { user_id: user, team_id: team, channel_id: channel } = fields.data;
    const asker = { user, team, ...(channel ? { channel } : {}), later: say };
    if (request.kind === 'usage' || commandNamed(request.kind)?.inAck)
      return ack(await answerRequest(deps, request, asker));
    await ack();
    await say(await answerRequest(deps, request, asker));
  };
