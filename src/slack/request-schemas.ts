import { z } from 'zod';

/**
 * What Janus reads of each Slack request, checked before Bolt sees it (src/server/slack-request-guard.ts): a request
 * that fails is refused there, so no listener (nor Bolt's own routing, which reads `event.type`, `actions[0]`,
 * `view.callback_id`) meets a field that is missing or of another type. Pure.
 */

/** A slash command: Slack always sends `text`, empty when nothing follows the command. */
export const slashCommandSchema = z.object({
  command: z.string().min(1),
  text: z.string(),
  team_id: z.string().min(1),
  user_id: z.string().min(1),
  /** The channel typed in: Slack sends it; `/janus test` posts there. */
  channel_id: z.string().min(1).optional(),
  response_url: z.string().min(1),
});
export type SlashCommandFields = z.infer<typeof slashCommandSchema>;

const typed = z.object({ type: z.string().min(1) }).loose();

/** The Events API's envelope: the challenge to echo, or an event with its type. */
const envelopeSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('url_verification'), challenge: z.string().min(1) }).loose(),
  z.object({ type: z.literal('event_callback'), event: typed }).loose(),
]);

/** An interaction's workspace and user: Bolt needs them to authorize it. */
export const interactionSchema = z
  .object({
    type: z.string().min(1),
    team: z.object({ id: z.string().min(1) }).nullish(),
    user: z.object({ id: z.string().min(1) }).nullish(),
    enterprise: z.object({ id: z.string().min(1) }).nullish(),
    is_enterprise_install: z.boolean().optional(),
    response_url: z.string().optional(),
    response_urls: z.array(z.object({ response_url: z.string() }).loose()).optional(),
  })
  .loose();

const view = z.object({ id: z.string().min(1), callback_id: z.string(), type: z.string().optional() }).loose();

/** What each interaction type must carry for Bolt to route it; other types are Bolt's to ignore. */
const interactionBodies: Record<string, z.ZodType> = {
  block_actions: z.object({ actions: z.array(z.object({ action_id: z.string().min(1) }).loose()).min(1) }).loose(),
  view_submission: z.object({ view }).loose(),
  view_closed: z.object({ view }).loose(),
  shortcut: z.object({ callback_id: z.string().min(1) }).loose(),
  message_action: z.object({ callback_id: z.string().min(1) }).loose(),
  block_suggestion: z.object({ action_id: z.string().min(1) }).loose(),
};

/** The fields a failed check names: `actions`, `view`, `event.type`, or `body` for the whole. */
export const fieldsOf = (err: z.ZodError): string =>
  [...new Set(err.issues.map((i) => i.path.join('.') || 'body'))].join(', ');

const aType = (type: string) => `${/^[aeiou]/i.test(type) ? 'an' : 'a'} ${type}`;

/** Why an Events API body cannot be used, if it cannot (any other envelope type is Bolt's). */
export function envelopeProblem(body: unknown): string | undefined {
  const head = typed.safeParse(body);
  if (!head.success) return 'a JSON body without a type';
  if (head.data.type !== 'url_verification' && head.data.type !== 'event_callback') return undefined;
  const parsed = envelopeSchema.safeParse(body);
  return parsed.success ? undefined : `${aType(head.data.type)} without a usable ${fieldsOf(parsed.error)}`;
}

/** Why an interaction of this type lacks what it must carry, if it does. */
export function interactionBodyProblem(type: string, payload: unknown): string | undefined {
  const schema = interactionBodies[type];
  const parsed = schema?.safeParse(payload);
  return !parsed || parsed.success ? undefined : `${aType(type)} payload without a usable ${fieldsOf(parsed.error)}`;
}

/**
 * Why a Socket Mode envelope's payload cannot be used, if it cannot: the same checks as a signed request's, on the
 * payload as the socket carries it (JSON; a slash command's fields, an interaction, or an Events API body). A slash
 * command's own fields are its listener's to check (it answers the asker).
 */
export function socketPayloadProblem(body: unknown): string | undefined {
  const head = typed.safeParse(body);
  if (!head.success)
    return typeof body === 'object' && body !== null && 'command' in body ? undefined : 'a payload without a type';
  if (head.data.type === 'event_callback' || head.data.type === 'url_verification') return envelopeProblem(body);
  const parsed = interactionSchema.safeParse(body);
  if (!parsed.success) return `a payload without a usable ${fieldsOf(parsed.error)}`;
  return interactionBodyProblem(parsed.data.type, body);
}
