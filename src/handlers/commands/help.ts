import type { Logger } from '../../log.js';
import type { UsageProblem } from '../../slack/command-text.js';
import { helpMessage } from '../../slack/messages.js';
import { shown } from '../../slack/visibility.js';
import { defineCommand } from './command.js';

interface HelpRequest {
  kind: 'help';
  public: boolean;
}

/** `/janus help`: every command, from the registry. Words after it are ignored (`/janus help me`). */
export const help = defineCommand({
  name: 'help',
  usage: '/janus help',
  summary: 'this message',
  hint: 'help',
  inAck: true,
  parse: (args): HelpRequest | UsageProblem => ({ kind: 'help', public: args.public }),
  run: async (_deps: { logger: Logger }, request, ctx) => shown(helpMessage(ctx.commands), request.public),
});
