import type { Logger } from '../../log.js';
import type { SlackMessage } from '../../slack/present/kit.js';
import { commandArgs, PUBLIC_FLAG, splitCommandText, type UsageProblem } from '../../slack/command-text.js';
import { usageMessage } from '../../slack/messages.js';
import { mrkdwn, plain } from '../../slack/present/mrkdwn.js';
import { atRisk } from './at-risk.js';
import type { Asker } from './command.js';
import { help } from './help.js';
import { history } from './history.js';
import { owners } from './owners.js';
import { scan } from './scan.js';
import { search } from './search.js';
import { snooze } from './snooze.js';
import { test } from './test.js';
import { trust } from './trust.js';
import { unsnooze } from './unsnooze.js';
import { unwatch } from './unwatch.js';
import { watch } from './watch.js';
import { watching } from './watching.js';

/**
 * Every `/janus` command, one file each in this folder, in the order `/janus help` lists them. A new command is its
 * file and one line here: its parser, reply, help line and deps (`JanusCommandDeps`) follow.
 */
export const JANUS_COMMANDS = [
  trust,
  search,
  history,
  atRisk,
  owners,
  scan,
  watch,
  unwatch,
  watching,
  snooze,
  unsnooze,
  test,
  help,
] as const;

type Command = (typeof JANUS_COMMANDS)[number];
export type CommandName = Command['name'];

/** What `/janus <text>` asks for: one command's request, or text Argos cannot act on. */
export type JanusRequest = Exclude<ReturnType<Command['parse']>, UsageProblem> | UsageProblem;

type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
/** What every command's reply needs, together. */
export type JanusCommandDeps = Intersection<Parameters<Command['run']>[0]> & { logger: Logger };

export const commandNamed = (name: string): Command | undefined => JANUS_COMMANDS.find((c) => c.name === name);

/** `/janus <text>`, parsed by the command it names. Pure. */
export function parseJanusText(text: string): JanusRequest {
  const { name, args, public: pub } = splitCommandText(text);
  if (!name)
    return { kind: 'usage', problem: `Argos needs to know what to do: \`${mrkdwn(JANUS_COMMANDS[0].usage)}\`.` };
  const command = commandNamed(name.toLowerCase());
  if (!command) return { kind: 'usage', problem: `Argos does not know \`/janus ${plain(name)}\`.` };
  const flag = args.find((w) => w.startsWith('--'));
  if (flag)
    return {
      kind: 'usage',
      problem: `Argos knows one option, \`${PUBLIC_FLAG}\` (answer in the channel); not \`${plain(flag)}\`.`,
      usage: command.usage,
    };
  return command.parse(commandArgs(command, args, pub));
}

/** The text of the same command for another target (a candidate picked from a list): what its button runs. */
export function retarget(request: JanusRequest, urn: string): string | undefined {
  if (request.kind === 'usage') return undefined;
  const command = commandNamed(request.kind);
  // the request was parsed by the command its kind names, so it is that command's request
  const words = command?.retarget?.(request as never, urn);
  return words && `${words}${request.public ? ` ${PUBLIC_FLAG}` : ''}`;
}

/** Any `/janus` request (typed, or a candidate button's) to its answer: its command's reply, or the usage problem. */
export async function answerRequest(deps: JanusCommandDeps, r: JanusRequest, asker: Asker): Promise<SlackMessage> {
  if (r.kind === 'usage') return usageMessage(r.problem, r.usage ?? JANUS_COMMANDS);
  const command = commandNamed(r.kind)!;
  const log = deps.logger.child({ command: `/janus ${r.kind}`, user: asker.user, team: asker.team });
  const ctx = { ...asker, log, commands: JANUS_COMMANDS, retarget: (urn: string) => retarget(r, urn) };
  return command.run(deps, r as never, ctx);
}
