import { DataHubError } from '../../datahub/errors.js';
import { UnresolvedModelError } from '../../datahub/resolve-model.js';
import { UsageError } from '../../errors.js';
import type { Logger } from '../../log.js';
import type { SlackMessage } from '../../slack/present/kit.js';
import { datahubDownMessage, failedMessage, unresolvedModelMessage, usageMessage } from '../../slack/messages.js';
import type { CommandContext } from './command.js';

/**
 * Why a command naming a model or dataset did nothing: a name DataHub does not know or several models match (their
 * buttons run the same command for the one picked), DataHub down, or a bug.
 */
export function entityProblem(
  err: unknown,
  ref: string,
  log: Logger,
  ctx: Pick<CommandContext, 'commands' | 'retarget'>,
): SlackMessage {
  if (err instanceof UnresolvedModelError)
    return unresolvedModelMessage(err.ref, err.reason, err.candidates, ctx.retarget);
  if (err instanceof UsageError) return usageMessage(err.message, ctx.commands);
  if (err instanceof DataHubError) {
    log.warn({ code: err.code, operation: err.operation, err: err.message }, 'DataHub could not be read');
    return datahubDownMessage(ref, err.message);
  }
  log.error({ err }, '/janus command failed');
  return failedMessage(ref);
}
