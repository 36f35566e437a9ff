import { unwatchEntity } from '../../app/watch.js';
import type { SlackMessage } from '../../slack/present/kit.js';
import { unwatchMessage, watchUnavailableMessage } from '../../slack/command-replies.js';
import type { UsageProblem } from '../../slack/command-text.js';
import { shown } from '../../slack/visibility.js';
import { defineCommand, type CommandContext } from './command.js';
import { entityProblem } from './entity-problem.js';
import type { WatchCommandDeps } from './watch.js';

interface UnwatchRequest {
  kind: 'unwatch';
  target: string;
  public: boolean;
}

/** `/janus unwatch <model|dataset>`: no more direct messages about it. */
export const unwatch = defineCommand({
  name: 'unwatch',
  usage: '/janus unwatch <model|dataset>',
  summary: 'no more direct messages about it',
  parse: (args): UnwatchRequest | UsageProblem => {
    const target = args.one('model or dataset');
    return typeof target === 'string' ? { kind: 'unwatch', target, public: args.public } : target;
  },
  run: (deps: WatchCommandDeps, request, ctx) => unwatchReply(deps, request, ctx),
  retarget: (_, urn) => `unwatch ${urn}`,
});

async function unwatchReply(
  deps: WatchCommandDeps,
  request: UnwatchRequest,
  ctx: CommandContext,
): Promise<SlackMessage> {
  const { user } = ctx;
  if (!deps.watch) return watchUnavailableMessage();
  try {
    const { entity, was } = await unwatchEntity(deps.watch, request.target, user);
    deps.logger.info({ command: '/janus unwatch', urn: entity.urn, user, was }, 'unwatched');
    return shown(unwatchMessage(entity, was), request.public);
  } catch (err) {
    return entityProblem(err, request.target, deps.logger, ctx);
  }
}
