import type { OwnersView } from '../../app/owners.js';
import type { Logger } from '../../log.js';
import type { SlackMessage } from '../../render/blocks.js';
import { ownersMessage } from '../../slack/command-replies.js';
import type { JanusRequest } from '../../slack/command-text.js';
import { pickedNote, shown, withNote } from '../../slack/visibility.js';
import { entityProblem } from './entity-problem.js';
import { withSoleMatch } from './sole-match.js';

export interface OwnersCommandDeps {
  /** The use case (`ownersOf`). */
  owners: (ref: string) => Promise<OwnersView>;
  logger: Logger;
}

/** `/janus owners <model|dataset>`: who owns it, where its alerts go, and what nobody owns upstream. */
export async function ownersReply(
  deps: OwnersCommandDeps,
  request: Extract<JanusRequest, { kind: 'owners' }>,
): Promise<SlackMessage> {
  try {
    const { value, picked } = await withSoleMatch(request.target, deps.owners);
    return shown(
      withNote(ownersMessage(value), picked ? pickedNote(request.target, picked) : undefined),
      request.public,
    );
  } catch (err) {
    return entityProblem(err, request.target, deps.logger, request);
  }
}
