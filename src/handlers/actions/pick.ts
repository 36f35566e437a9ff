import type { AllMiddlewareArgs, SlackActionMiddlewareArgs } from '@slack/bolt';
import { z } from 'zod';
import { answerRequest, parseJanusText, type JanusCommandDeps } from '../commands/registry.js';

const pickSchema = z.object({
  user: z.object({ id: z.string().min(1) }),
  team: z.object({ id: z.string() }).nullish(),
  actions: z.array(z.object({ action_id: z.string(), value: z.string().max(2000) })).min(1),
});

/**
 * A candidate button (`janus.pick.<n>`): its value is the command's text for the model picked, answered as if it had
 * been typed, in place of the list (or as a new message in the channel, when asked with `--public`).
 */
export const pickCandidate =
  (deps: JanusCommandDeps) =>
  async ({ ack, body, respond }: SlackActionMiddlewareArgs & AllMiddlewareArgs): Promise<void> => {
    await ack();
    const parsed = pickSchema.safeParse(body);
    if (!parsed.success) {
      deps.logger.warn({ err: parsed.error.message }, 'a candidate button click Argos cannot read');
      return;
    }
    const { user, team, actions } = parsed.data;
    const say = async (m: Parameters<typeof respond>[0]) => {
      await respond(m).catch((err: unknown) =>
        deps.logger.error({ err: err instanceof Error ? err.message : String(err) }, 'could not post the reply'),
      );
    };
    const request = parseJanusText(actions[0]!.value);
    const reply = await answerRequest(deps, request, {
      user: user.id,
      ...(team ? { team: team.id } : {}),
      later: say,
    });
    await say({ ...reply, replace_original: reply.response_type !== 'in_channel' });
  };
