import type { AllMiddlewareArgs, SlackCommandMiddlewareArgs } from '@slack/bolt';
import type { CurrentVerdict } from '../../src/app/current-verdict.js';
import type { Verdict } from '../../src/core/verdict.js';
import { DataHubError } from '../../src/datahub/errors.js';
import { UnresolvedModelError } from '../../src/datahub/resolve-model.js';
import { UsageError } from '../../src/errors.js';
import type { Logger } from '../../src/log.js';
import { verdictBlocks, type SlackMessage } from '../../src/render/blocks.js';
import { parseJanusText } from '../../src/slack/command-text.js';
import { snoozeReply, type SnoozeCommandDeps } from './snooze.js';
import { unsnoozeReply } from './unsnooze.js';
import {
  datahubDownMessage,
  failedMessage,
  helpMessage,
  unresolvedModelMessage,
  usageMessage,
} from '../../src/slack/messages.js';

export interface JanusCommandDeps extends SnoozeCommandDeps {
  /** The use case: a model's verdict, from the latest scan when fresh, else judged now (`currentVerdict`). */
  verdict: (ref: string) => Promise<CurrentVerdict>;
  /** The report and DataHub links for a verdict, where configured. */
  links: (v: Verdict) => { reportUrl?: string; datahubUrl?: string };
  logger: Logger;
}

/** `/janus trust <model>`, `snooze`, `unsnooze` and `help`: ack at once (Slack allows 3 s), then post the verdict to response_url. */
export const janusCommand =
  (deps: JanusCommandDeps) =>
  async ({ command, ack, respond }: SlackCommandMiddlewareArgs & AllMiddlewareArgs): Promise<void> => {
    const request = parseJanusText(command.text);
    if (request.kind === 'help') return ack(helpMessage());
    if (request.kind === 'usage') return ack(usageMessage(request.problem));
    await ack();
    if (request.kind === 'snooze' || request.kind === 'unsnooze') {
      const reply =
        request.kind === 'snooze'
          ? await snoozeReply(deps, request.target, request.ms, command.user_id)
          : await unsnoozeReply(deps, request.target, command.user_id);
      await respond(reply).catch((err: unknown) =>
        deps.logger.error(
          { err: err instanceof Error ? err.message : String(err) },
          'could not post the reply to Slack',
        ),
      );
      return;
    }
    const log = deps.logger.child({
      command: '/janus trust',
      model: request.model,
      user: command.user_id,
      team: command.team_id,
    });
    const reply = await trustReply(deps, request.model, log);
    await respond(reply).catch((err: unknown) =>
      log.error({ err: err instanceof Error ? err.message : String(err) }, 'could not post the reply to Slack'),
    );
  };

async function trustReply(deps: JanusCommandDeps, ref: string, log: Logger): Promise<SlackMessage> {
  try {
    const { verdict, source } = await deps.verdict(ref);
    log.info({ source: source.kind, score: verdict.score, band: verdict.band }, 'verdict');
    return verdictBlocks(verdict, { source, ...deps.links(verdict) });
  } catch (err) {
    if (err instanceof UnresolvedModelError) return unresolvedModelMessage(err.ref, err.reason, err.candidates);
    if (err instanceof UsageError) return usageMessage(err.message);
    if (err instanceof DataHubError) {
      log.warn({ code: err.code, operation: err.operation, err: err.message }, 'DataHub could not be read');
      return datahubDownMessage(ref, err.message);
    }
    log.error({ err }, '/janus trust failed');
    return failedMessage(ref);
  }
}
