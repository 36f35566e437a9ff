/** The grammar of `/janus <text>`, shared by every command's parser (src/handlers/commands). Pure. */

import { mrkdwn, plain, unlookAlike } from './present/mrkdwn.js';

/** Answers go to the asker alone unless they add this (anywhere after the command). */
export const PUBLIC_FLAG = '--public';

/** The longest snooze: a month (a longer silence is a decision to make in DataHub, not a snooze). */
export const MAX_SNOOZE_MS = 30 * 86_400_000;

/**
 * Slash command text as typed: Slack sends `&`, `<` and `>` as `&amp;`, `&lt;` and `&gt;` (a mention stays
 * `<@U…>`), so `R&amp;D_model` is `R&D_model`; the look-alikes Janus shows names with (`plain`) are read back as
 * the characters they stand for. Modal inputs arrive unencoded: this is for a command's text only.
 */
export const fromSlackText = (text: string): string =>
  unlookAlike(text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'));

/** Text Argos cannot act on: `problem` says why, `usage` the command's usage line when the command is known. */
export interface UsageProblem {
  kind: 'usage';
  /** mrkdwn: what the asker typed is in it through `plain`. */
  problem: string;
  usage?: string;
}

/** A model pasted as `code` or in quotes is still that model. */
export const unwrap = (word: string) => word.replace(/^([`'"])(.+)\1$/, '$2');

/** `/janus <text>` in words: the command's name as typed, its arguments, and whether it asked for `--public`. */
export function splitCommandText(text: string): { name?: string; args: string[]; public: boolean } {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const [name, ...rest] = words;
  return {
    ...(name ? { name } : {}),
    args: rest.filter((w) => w.toLowerCase() !== PUBLIC_FLAG),
    public: rest.some((w) => w.toLowerCase() === PUBLIC_FLAG),
  };
}

/** The arguments of one command, for its parser: each problem names the command and its usage line. */
export interface CommandArgs {
  /** The words after the command's name, `--public` left out. */
  words: string[];
  public: boolean;
  /** Exactly one argument (`what` names it in the problem, `hint` follows it), unwrapped; or the problem. */
  one(what: string, hint?: string): string | UsageProblem;
  /** No argument at all; or the problem. */
  none(): UsageProblem | undefined;
  /** A problem of this command, with its usage line. */
  problem(text: string): UsageProblem;
}

export function commandArgs(command: { name: string; usage: string }, words: string[], pub: boolean): CommandArgs {
  const { name, usage } = command;
  const problem = (text: string): UsageProblem => ({ kind: 'usage', problem: text, usage });
  return {
    words,
    public: pub,
    problem,
    one(what, hint = '') {
      const u = `\`${mrkdwn(usage)}\``;
      if (!words.length) return problem(`\`/janus ${name}\` needs a ${what}${hint}: ${u}.`);
      if (words.length > 1)
        return problem(
          `\`/janus ${name}\` takes one ${what} at a time; got ${words.length} words: \`${plain(words.join(' '))}\`. ${u}.`,
        );
      return unwrap(words[0]!);
    },
    none() {
      if (!words.length) return undefined;
      return problem(`\`/janus ${name}\` takes nothing more; got \`${plain(words.join(' '))}\`.`);
    },
  };
}
