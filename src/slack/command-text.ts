import { formatDuration, parseDuration } from '../core/duration.js';

/** What `/janus <text>` asks for. Pure: the handler acts on it. */
export type JanusRequest =
  | { kind: 'trust'; model: string; public: boolean }
  /** A cycle now: the whole catalog (`all`), or one model judged again in it. */
  | { kind: 'scan'; target: string; all: boolean; public: boolean }
  | { kind: 'owners'; target: string; public: boolean }
  | { kind: 'history'; model: string; public: boolean }
  | { kind: 'at-risk'; public: boolean }
  /** No alerts about a model or dataset for `ms`. */
  | { kind: 'snooze'; target: string; ms: number; public: boolean }
  | { kind: 'unsnooze'; target: string; public: boolean }
  | { kind: 'watch'; target: string; public: boolean }
  | { kind: 'unwatch'; target: string; public: boolean }
  | { kind: 'watching'; public: boolean }
  | { kind: 'help'; public: boolean }
  /** Text Argos cannot act on: `problem` says why, `usage` the command's usage line when the command is known. */
  | { kind: 'usage'; problem: string; usage?: string };

export type CommandName = Exclude<JanusRequest['kind'], 'usage'>;

/** Every `/janus` command: its usage line and what it does (the help message lists them in this order). */
export const COMMANDS: { name: CommandName; usage: string; does: string }[] = [
  {
    name: 'trust',
    usage: '/janus trust <model>',
    does: "the model's trust verdict: score, band, trend, findings with their evidence, open incidents with their buttons",
  },
  {
    name: 'history',
    usage: '/janus history <model>',
    does: "the model's score over time, from the recorded scans",
  },
  {
    name: 'at-risk',
    usage: '/janus at-risk',
    does: "the catalog's models not trusted, worst first (the last cycle's)",
  },
  {
    name: 'owners',
    usage: '/janus owners <model|dataset>',
    does: 'who owns it, who would be alerted and where, and the unowned tables upstream',
  },
  {
    name: 'scan',
    usage: '/janus scan <model>|all',
    does: 'a cycle now (one model judged again, or the whole catalog read again); the outcome follows when it is done',
  },
  { name: 'watch', usage: '/janus watch <model|dataset>', does: 'its alerts in a direct message to you' },
  { name: 'unwatch', usage: '/janus unwatch <model|dataset>', does: 'no more direct messages about it' },
  { name: 'watching', usage: '/janus watching', does: 'what you watch' },
  {
    name: 'snooze',
    usage: '/janus snooze <model|dataset> <duration>',
    does: 'no alerts about it for that long (`30m`, `2h`, `1d`); said in the channel',
  },
  { name: 'unsnooze', usage: '/janus unsnooze <model|dataset>', does: 'alerts about it again' },
  { name: 'help', usage: '/janus help', does: 'this message' },
];

export const usageOf = (name: CommandName): string => COMMANDS.find((c) => c.name === name)!.usage;

/** A model pasted as `code` or in quotes is still that model. */
const unwrap = (word: string) => word.replace(/^([`'"])(.+)\1$/, '$2');

/** The longest snooze: a month (a longer silence is a decision to make in DataHub, not a snooze). */
export const MAX_SNOOZE_MS = 30 * 86_400_000;

/** Answers go to the asker alone unless they add this (anywhere after the command). */
export const PUBLIC_FLAG = '--public';

const usage = (name: CommandName, problem: string): JanusRequest => ({
  kind: 'usage',
  problem,
  usage: usageOf(name),
});

/** A command that takes exactly one argument (`what` names it for the problem line). */
function one(name: CommandName, args: string[], what: string, hint = ''): string | JanusRequest {
  const u = `\`${usageOf(name)}\``;
  if (!args.length) return usage(name, `\`/janus ${name}\` needs a ${what}${hint}: ${u}.`);
  if (args.length > 1)
    return usage(
      name,
      `\`/janus ${name}\` takes one ${what} at a time; got ${args.length} words: \`${args.join(' ')}\`. ${u}.`,
    );
  return unwrap(args[0]!);
}

function none(name: CommandName, args: string[]): JanusRequest | undefined {
  if (!args.length) return undefined;
  return usage(name, `\`/janus ${name}\` takes nothing more; got \`${args.join(' ')}\`.`);
}

export function parseJanusText(text: string): JanusRequest {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const pub = words.slice(1).some((w) => w.toLowerCase() === PUBLIC_FLAG);
  const [sub, ...rest] = words;
  const args = rest.filter((w) => w.toLowerCase() !== PUBLIC_FLAG);
  if (!sub) return { kind: 'usage', problem: 'Argos needs to know what to do: `/janus trust <model>`.' };
  const name = sub.toLowerCase();
  const flag = args.find((w) => w.startsWith('--'));
  if (flag && COMMANDS.some((c) => c.name === name))
    return usage(
      name as CommandName,
      `Argos knows one option, \`${PUBLIC_FLAG}\` (answer in the channel); not \`${flag}\`.`,
    );
  switch (name) {
    case 'help':
      return { kind: 'help', public: pub };
    case 'trust':
    case 'history': {
      const model = one(name, args, 'model', ' (its name in DataHub or its urn)');
      if (typeof model !== 'string') return model;
      return name === 'trust' ? { kind: 'trust', model, public: pub } : { kind: 'history', model, public: pub };
    }
    case 'owners':
    case 'watch':
    case 'unwatch':
    case 'unsnooze': {
      const target = one(name, args, 'model or dataset');
      if (typeof target !== 'string') return target;
      return { kind: name, target, public: pub };
    }
    case 'scan': {
      const target = one(name, args, 'model', ', or `all`');
      if (typeof target !== 'string') return target;
      const all = target.toLowerCase() === 'all';
      return { kind: 'scan', target: all ? 'all' : target, all, public: pub };
    }
    case 'at-risk':
    case 'watching':
      return none(name, args) ?? { kind: name, public: pub };
    case 'snooze': {
      const u = `\`${usageOf('snooze')}\`, e.g. \`/janus snooze fraud_detector_v4 2h\``;
      if (args.length !== 2) return usage('snooze', `\`/janus snooze\` needs a model or dataset and a duration: ${u}.`);
      const ms = parseDuration(args[1]);
      if (ms === undefined || ms < 1000 || ms > MAX_SNOOZE_MS)
        return usage(
          'snooze',
          `\`${args[1]}\` is not a duration Argos can snooze for (up to ${formatDuration(MAX_SNOOZE_MS)}: \`30m\`, \`2h\`, \`1d\`): ${u}.`,
        );
      return { kind: 'snooze', target: unwrap(args[0]!), ms, public: pub };
    }
    default:
      return { kind: 'usage', problem: `Argos does not know \`/janus ${sub}\`.` };
  }
}

/** The text of the same command for another target (a candidate picked from a list): what its button runs. */
export function retarget(request: JanusRequest, urn: string): string | undefined {
  const flag = 'public' in request && request.public ? ` ${PUBLIC_FLAG}` : '';
  switch (request.kind) {
    case 'trust':
    case 'history':
    case 'owners':
    case 'watch':
    case 'unwatch':
    case 'unsnooze':
      return `${request.kind} ${urn}${flag}`;
    case 'scan':
      return request.all ? undefined : `scan ${urn}${flag}`;
    case 'snooze':
      return `snooze ${urn} ${Math.round(request.ms / 1000)}s${flag}`;
    default:
      return undefined;
  }
}
