import { watchEntity, type WatchDeps } from '../../app/watch.js';
import type { Logger } from '../../log.js';
import type { SlackMessage } from '../../slack/present/kit.js';
import { watchMessage, watchRefusedMessage, watchUnavailableMessage } from '../../slack/command-replies.js';
import type { UsageProblem } from '../../slack/command-text.js';
import { pickedNote, shown, withNote } from '../../slack/visibility.js';
import { defineCommand, type CommandContext } from './command.js';
import { entityProblem } from './entity-problem.js';
import { withSoleMatch } from './sole-match.js';

export interface WatchCommandDeps {
  /** Undefined without Redis (watches are kept with the alerts). */
  watch?: WatchDeps;
  logger: Logger;
}

interface WatchRequest {
  kind: 'watch';
  target: string;
  public: boolean;
}

/** `/janus watch <model|dataset>`: its alerts come to the asker as direct messages. */
export const watch = defineCommand({
  name: 'watch',
  usage: '/janus watch <model|dataset>',
  summary: 'its alerts in a direct message to you',
  hint: 'watch',
  parse: (args): WatchRequest | UsageProblem => {
    const target = args.one('model or dataset');
    return typeof target === 'string' ? { kind: 'watch', target, public: args.public } : target;
  },
  run: (deps: WatchCommandDeps, request, ctx) => watchReply(deps, request, ctx),
  retarget: (_, urn) => `watch ${urn}`,
});

async function watchReply(deps: WatchCommandDeps, request: WatchRequest, ctx: CommandContext): Promise<SlackMessage> {
  const { user } = ctx;
  const watch = deps.watch;
  if (!watch) return watchUnavailableMessage();
  try {
    const { value: o, picked } = await withSoleMatch(request.target, (ref) => watchEntity(watch, ref, user));
    if (o.kind === 'inactive') return watchRefusedMessage(o.entity, o.name);
    deps.logger.info({ command: '/janus watch', urn: o.entity.urn, user, added: o.added }, 'watching');
    const message = watchMessage(o.entity, o.added, o.identity !== 'known');
    return shown(withNote(message, picked ? pickedNote(request.target, picked) : undefined), request.public);
  } catch (err) {
    return entityProblem(err, request.target, deps.logger, ctx);
  }
}
