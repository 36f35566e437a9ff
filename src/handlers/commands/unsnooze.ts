import { unsnoozeEntity } from '../../app/snooze.js';
import type { SlackMessage } from '../../slack/present/kit.js';
import { snoozeUnavailableMessage, unsnoozedMessage } from '../../slack/messages.js';
import type { UsageProblem } from '../../slack/command-text.js';
import { defineCommand, type CommandContext } from './command.js';
import { entityProblem } from './entity-problem.js';
import type { SnoozeCommandDeps } from './snooze.js';

interface UnsnoozeRequest {
  kind: 'unsnooze';
  target: string;
  public: boolean;
}

/** `/janus unsnooze <model|dataset>`: the use case, then the reply. */
export const unsnooze = defineCommand({
  name: 'unsnooze',
  usage: '/janus unsnooze <model|dataset>',
  summary: 'alerts about it again',
  parse: (args): UnsnoozeRequest | UsageProblem => {
    const target = args.one('model or dataset');
    return typeof target === 'string' ? { kind: 'unsnooze', target, public: args.public } : target;
  },
  run: (deps: SnoozeCommandDeps, request, ctx) => unsnoozeReply(deps, request, ctx),
  retarget: (_, urn) => `unsnooze ${urn}`,
});

async function unsnoozeReply(
  deps: SnoozeCommandDeps,
  request: UnsnoozeRequest,
  ctx: CommandContext,
): Promise<SlackMessage> {
  const { target } = request;
  const { user } = ctx;
  if (!deps.snooze) return snoozeUnavailableMessage();
  try {
    const s = await unsnoozeEntity(deps.snooze, target, user);
    deps.logger.info({ command: '/janus unsnooze', urn: s.urn, was: !!s.was, user }, 'unsnoozed');
    return unsnoozedMessage(s.name, user, s.was);
  } catch (err) {
    return entityProblem(err, target, deps.logger, ctx);
  }
}
