import type { OwnersView } from '../../app/owners.js';
import type { Logger } from '../../log.js';
import type { SlackMessage } from '../../slack/present/kit.js';
import { ownersMessage } from '../../slack/command-replies.js';
import type { UsageProblem } from '../../slack/command-text.js';
import { pickedNote, shown, withNote } from '../../slack/visibility.js';
import { defineCommand, type CommandContext } from './command.js';
import { entityProblem } from './entity-problem.js';
import { withSoleMatch } from './sole-match.js';

export interface OwnersCommandDeps {
  /** The use case (`ownersOf`). */
  owners: (ref: string) => Promise<OwnersView>;
  logger: Logger;
}

interface OwnersRequest {
  kind: 'owners';
  target: string;
  public: boolean;
}

/** `/janus owners <model|dataset>`: who owns it, where its alerts go, and what nobody owns upstream. */
export const owners = defineCommand({
  name: 'owners',
  usage: '/janus owners <model|dataset>',
  summary: 'who owns it, who would be alerted and where, and the unowned tables upstream',
  hint: 'owners',
  parse: (args): OwnersRequest | UsageProblem => {
    const target = args.one('model or dataset');
    return typeof target === 'string' ? { kind: 'owners', target, public: args.public } : target;
  },
  run: (deps: OwnersCommandDeps, request, ctx) => ownersReply(deps, request, ctx),
  retarget: (_, urn) => `owners ${urn}`,
});

async function ownersReply(
  deps: OwnersCommandDeps,
  request: OwnersRequest,
  ctx: CommandContext,
): Promise<SlackMessage> {
  try {
    const { value, picked } = await withSoleMatch(request.target, deps.owners);
    return shown(
      withNote(ownersMessage(value), picked ? pickedNote(request.target, picked) : undefined),
      request.public,
    );
  } catch (err) {
    return entityProblem(err, request.target, deps.logger, ctx);
  }
}
