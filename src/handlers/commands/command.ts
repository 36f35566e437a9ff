import type { Logger } from '../../log.js';
import type { SlackMessage } from '../../slack/present/kit.js';
import type { CommandArgs, UsageProblem } from '../../slack/command-text.js';
import type { CommandLine } from '../../slack/messages.js';

/** Who asked, and how to tell them more later (the command's `respond`). */
export interface Asker {
  user: string;
  team?: string;
  /** The channel the command was typed in (its id). */
  channel?: string;
  later: (m: SlackMessage) => Promise<void>;
}

/** What a command's `run` gets besides its deps and request (registry.ts builds it for each request). */
export interface CommandContext extends Asker {
  /** The deps' logger, with the command, user and team. */
  log: Logger;
  /** Every command, for a reply that lists them (help, a usage problem). */
  commands: readonly CommandLine[];
  /** The same command's text for another target (a candidate button's value), if it has one. */
  retarget: (urn: string) => string | undefined;
}

/**
 * One `/janus` command, all of it: its usage line and summary (help, usage problems, the manifest's `usage_hint`),
 * its parser and its reply. A file each in this folder; registry.ts lists them.
 */
export interface JanusCommand<N extends string, R extends { kind: N; public: boolean }, D> {
  name: N;
  /** `/janus trust <model>`. */
  usage: string;
  /** What it answers, for `/janus help` (a clause: no capital, no full stop). */
  summary: string;
  /** How manifest.yml's `usage_hint` names it (test/slack/manifest.test.ts); left out of the hint without one. */
  hint?: string;
  /** A reply made without I/O, given in the ack itself (help); any other is acked first, then posted. */
  inAck?: true;
  parse(args: CommandArgs): R | UsageProblem;
  run(deps: D, request: R, ctx: CommandContext): Promise<SlackMessage>;
  /** Its words for another target, `--public` left out: what a candidate button runs. None: no buttons. */
  retarget?(request: R, urn: string): string | undefined;
}

/** A command, its types inferred from it. */
export const defineCommand = <N extends string, R extends { kind: N; public: boolean }, D>(
  command: JanusCommand<N, R, D>,
): JanusCommand<N, R, D> => command;
