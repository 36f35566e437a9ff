import type { SnoozeDeps } from '../../app/snooze.js';
import { snoozeEntity } from '../../app/snooze.js';
import type { Logger } from '../../log.js';
import type { SlackMessage } from '../../slack/present/kit.js';
import { snoozedMessage, snoozeRefusedMessage, snoozeUnavailableMessage } from '../../slack/messages.js';
import { formatDuration, parseDuration } from '../../core/duration.js';
import { MAX_SNOOZE_MS, unwrap, type UsageProblem } from '../../slack/command-text.js';
import { mrkdwn, plain } from '../../slack/present/mrkdwn.js';
import { defineCommand, type CommandContext } from './command.js';
import { entityProblem } from './entity-problem.js';

export interface SnoozeCommandDeps {
  /** Undefined without Redis (no alerts, nothing to snooze). */
  snooze?: SnoozeDeps;
  logger: Logger;
}

/** No alerts about a model or dataset for `ms`. */
interface SnoozeRequest {
  kind: 'snooze';
  target: string;
  ms: number;
  public: boolean;
}

const USAGE = '/janus snooze <model|dataset> <duration>';

/** `/janus snooze <model|dataset> <duration>`: the use case, then the reply (in the channel). */
export const snooze = defineCommand({
  name: 'snooze',
  usage: USAGE,
  summary: 'no alerts about it for that long (`30m`, `2h`, `1d`); announced wherever its alerts would go, naming you',
  hint: 'snooze',
  parse: (args): SnoozeRequest | UsageProblem => {
    const u = `\`${mrkdwn(USAGE)}\`, e.g. \`/janus snooze fraud_detector_v4 2h\``;
    const [target, duration] = args.words;
    if (args.words.length !== 2)
      return args.problem(`\`/janus snooze\` needs a model or dataset and a duration: ${u}.`);
    const ms = parseDuration(duration);
    if (ms === undefined || ms < 1000 || ms > MAX_SNOOZE_MS)
      return args.problem(
        `\`${plain(duration ?? '')}\` is not a duration Argos can snooze for (up to ${formatDuration(MAX_SNOOZE_MS)}: \`30m\`, \`2h\`, \`1d\`): ${u}.`,
      );
    return { kind: 'snooze', target: unwrap(target!), ms, public: args.public };
  },
  run: (deps: SnoozeCommandDeps, request, ctx) => snoozeReply(deps, request, ctx),
  retarget: (request, urn) => `snooze ${urn} ${Math.round(request.ms / 1000)}s`,
});

async function snoozeReply(
  deps: SnoozeCommandDeps,
  request: SnoozeRequest,
  ctx: CommandContext,
): Promise<SlackMessage> {
  const { target, ms } = request;
  const { user } = ctx;
  if (!deps.snooze) return snoozeUnavailableMessage();
  try {
    const s = await snoozeEntity(deps.snooze, target, ms, user);
    if (s.outcome !== 'snoozed') {
      deps.logger.info({ command: '/janus snooze', urn: s.entity.urn, user, refused: s.outcome }, 'snooze refused');
      return snoozeRefusedMessage(s);
    }
    const { entity, until } = s;
    deps.logger.info(
      { command: '/janus snooze', urn: entity.urn, until: new Date(until).toISOString(), user },
      'snoozed',
    );
    return snoozedMessage(entity.name, entity.kind, until, user);
  } catch (err) {
    return entityProblem(err, target, deps.logger, ctx);
  }
}
