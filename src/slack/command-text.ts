import { formatDuration, parseDuration } from '../core/duration.js';

/** What `/janus <text>` asks for. Pure: the handler acts on it. */
export type JanusRequest =
  | { kind: 'trust'; model: string }
  /** No alerts about a model or dataset for `ms`. */
  | { kind: 'snooze'; target: string; ms: number }
  | { kind: 'unsnooze'; target: string }
  | { kind: 'help' }
  /** Text Argos cannot act on: `problem` says why, for the usage message. */
  | { kind: 'usage'; problem: string };

/** A model pasted as `code` or in quotes is still that model. */
const unwrap = (word: string) => word.replace(/^([`'"])(.+)\1$/, '$2');

/** The longest snooze: a month (a longer silence is a decision to make in DataHub, not a snooze). */
export const MAX_SNOOZE_MS = 30 * 86_400_000;

export function parseJanusText(text: string): JanusRequest {
  const [sub, ...args] = text.trim().split(/\s+/).filter(Boolean);
  if (!sub) return { kind: 'usage', problem: 'Argos needs to know what to do: `/janus trust <model>`.' };
  switch (sub.toLowerCase()) {
    case 'help':
      return { kind: 'help' };
    case 'trust': {
      if (!args.length)
        return {
          kind: 'usage',
          problem:
            '`/janus trust` needs a model: its name in DataHub or its urn, e.g. `/janus trust fraud_detector_v4`.',
        };
      if (args.length > 1)
        return {
          kind: 'usage',
          problem: `\`/janus trust\` judges one model at a time; got ${args.length} words: \`${args.join(' ')}\`.`,
        };
      return { kind: 'trust', model: unwrap(args[0]!) };
    }
    case 'snooze': {
      const usage = '`/janus snooze <model|dataset> <duration>`, e.g. `/janus snooze fraud_detector_v4 2h`';
      if (args.length !== 2)
        return { kind: 'usage', problem: `\`/janus snooze\` needs a model or dataset and a duration: ${usage}.` };
      const ms = parseDuration(args[1]);
      if (ms === undefined || ms < 1000 || ms > MAX_SNOOZE_MS)
        return {
          kind: 'usage',
          problem: `\`${args[1]}\` is not a duration Argos can snooze for (up to ${formatDuration(MAX_SNOOZE_MS)}: \`30m\`, \`2h\`, \`1d\`): ${usage}.`,
        };
      return { kind: 'snooze', target: unwrap(args[0]!), ms };
    }
    case 'unsnooze':
      if (args.length !== 1)
        return {
          kind: 'usage',
          problem:
            '`/janus unsnooze` needs the model or dataset to hear about again, e.g. `/janus unsnooze fraud_detector_v4`.',
        };
      return { kind: 'unsnooze', target: unwrap(args[0]!) };
    default:
      return { kind: 'usage', problem: `Argos does not know \`/janus ${sub}\`.` };
  }
}
