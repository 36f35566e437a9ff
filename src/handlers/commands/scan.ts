import type { ModelRef } from '../../core/verdict.js';
import type { VerdictHistory } from '../../history/index.js';
import type { Logger } from '../../log.js';
import type { SlackMessage } from '../../slack/present/kit.js';
import {
  scanOutcomeMessage,
  scanQueuedMessage,
  scanUnavailableMessage,
  type ScanOutcome,
} from '../../slack/command-replies.js';
import type { UsageProblem } from '../../slack/command-text.js';
import { pickedNote, shown, withNote } from '../../slack/visibility.js';
import type { ScanRequests } from '../../queues/scan-requests.js';
import { defineCommand, type CommandContext } from './command.js';
import { entityProblem } from './entity-problem.js';
import { withSoleMatch } from './sole-match.js';

export interface ScanCommandDeps {
  /** Cycles on the service's queue; absent without Redis. */
  scan?: Pick<ScanRequests, 'run'>;
  history: VerdictHistory;
  resolve: (ref: string) => Promise<ModelRef>;
  logger: Logger;
}

/** A cycle now: the whole catalog (`all`), or one model judged again in it. */
interface ScanRequest {
  kind: 'scan';
  target: string;
  all: boolean;
  public: boolean;
}

/**
 * `/janus scan <model>|all`: a cycle queued now (the model judged again in it, or the whole catalog read again); the
 * answer says so at once and `later` posts the outcome once the cycle has run.
 */
export const scan = defineCommand({
  name: 'scan',
  usage: '/janus scan <model>|all',
  summary: 'a cycle now (one model judged again, or the whole catalog read again); the outcome follows when it is done',
  hint: 'scan',
  parse: (args): ScanRequest | UsageProblem => {
    const target = args.one('model', ', or `all`');
    if (typeof target !== 'string') return target;
    const all = target.toLowerCase() === 'all';
    return { kind: 'scan', target: all ? 'all' : target, all, public: args.public };
  },
  run: (deps: ScanCommandDeps, request, ctx) => scanReply(deps, request, ctx),
  retarget: (request, urn) => (request.all ? undefined : `scan ${urn}`),
});

async function scanReply(deps: ScanCommandDeps, request: ScanRequest, ctx: CommandContext): Promise<SlackMessage> {
  const { user, later } = ctx;
  const scan = deps.scan;
  if (!scan) return scanUnavailableMessage();
  let model: ModelRef | undefined;
  let picked: ModelRef | undefined;
  if (!request.all) {
    try {
      ({ value: model, picked } = await withSoleMatch(request.target, deps.resolve));
    } catch (err) {
      return entityProblem(err, request.target, deps.logger, ctx);
    }
  }
  const log = deps.logger.child({ command: '/janus scan', user, model: model?.urn ?? 'all' });
  void (async () => {
    const run = await scan.run({ full: request.all, models: model ? [model.urn] : [] });
    let outcome: ScanOutcome;
    if (run.kind === 'done') {
      const [now, before] = model ? await deps.history.history(model.urn, 2).catch(() => []) : [];
      outcome = {
        kind: 'done',
        judged: run.result.judged,
        transitions: run.result.transitions,
        full: run.result.full,
        ...(model ? { model: { ref: model, ...(now ? { now } : {}), ...(before ? { before } : {}) } } : {}),
      };
    } else outcome = run.kind === 'late' ? { kind: 'late', minutes: 10 } : run;
    log.info({ outcome: outcome.kind }, 'scan requested from Slack ran');
    await later(shown(scanOutcomeMessage(outcome), request.public));
  })().catch((err: unknown) =>
    log.error({ err: err instanceof Error ? err.message : String(err) }, 'could not run or report the scan'),
  );
  const queued = scanQueuedMessage(model ? { all: false, model } : { all: true });
  return shown(withNote(queued, picked ? pickedNote(request.target, picked) : undefined), request.public);
}
