import { DataHubError } from '../../src/datahub/errors.js';
import { UnresolvedModelError } from '../../src/datahub/resolve-model.js';
import { UsageError } from '../../src/errors.js';
import type { Logger } from '../../src/log.js';
import type { SlackMessage } from '../../src/render/blocks.js';
import { retarget, type JanusRequest } from '../../src/slack/command-text.js';
import { datahubDownMessage, failedMessage, unresolvedModelMessage, usageMessage } from '../../src/slack/messages.js';

/**
 * Why a command naming a model or dataset did nothing: a name DataHub does not know or several models match (their
 * buttons run the same command for the one picked), DataHub down, or a bug.
 */
export function entityProblem(err: unknown, ref: string, log: Logger, request?: JanusRequest): SlackMessage {
  if (err instanceof UnresolvedModelError)
    return unresolvedModelMessage(
      err.ref,
      err.reason,
      err.candidates,
      request ? (urn) => retarget(request, urn) : undefined,
    );
  if (err instanceof UsageError) return usageMessage(err.message);
  if (err instanceof DataHubError) {
    log.warn({ code: err.code, operation: err.operation, err: err.message }, 'DataHub could not be read');
    return datahubDownMessage(ref, err.message);
  }
  log.error({ err }, '/janus command failed');
  return failedMessage(ref);
}
