import type { SlackMessage } from '../../slack/present/kit.js';
import { testAlertMessage } from '../../slack/alerts/test-alert.js';
import { testAlertReply } from '../../slack/command-replies.js';
import type { UsageProblem } from '../../slack/command-text.js';
import type { TestPostResult } from '../../slack/test-alert-post.js';
import { shown } from '../../slack/visibility.js';
import type { Logger } from '../../log.js';
import { defineCommand, type CommandContext } from './command.js';

export interface TestCommandDeps {
  /** Posts an alert's message in a channel (id or name) with the bot token, as alerts are posted. */
  postAlert: (channel: string, message: SlackMessage) => Promise<TestPostResult>;
  logger: Logger;
  now?: () => Date;
}

/** A test alert: in the channel named, or (none named) the one the command was typed in. */
interface TestRequest {
  kind: 'test';
  channel?: string;
  public: boolean;
}

/** `<#C0123ABCD|name>` or `<#C0123ABCD>` (a channel Slack linked), `#name`, `name` or an id: the channel to post in. */
const CHANNEL = /^(?:<#([CG][A-Z0-9]+)(?:\|[^>]*)?>|#?([a-z0-9][a-z0-9_-]{0,79}|[CG][A-Z0-9]{6,}))$/;

/** `/janus test [#channel]`: posts a test alert, rendered as alerts are, and tells the asker where it went. */
export const test = defineCommand({
  name: 'test',
  usage: '/janus test [#channel]',
  summary: 'a test alert, posted in the channel named or this one: checks Argos can post there',
  hint: 'test',
  parse: (args): TestRequest | UsageProblem => {
    if (!args.words.length) return { kind: 'test', public: args.public };
    const word = args.one('channel');
    if (typeof word !== 'string') return word;
    const m = CHANNEL.exec(word);
    if (!m) return args.problem(`\`/janus test\` posts in a channel: name it as \`#channel\`, not \`${word}\`.`);
    return { kind: 'test', channel: m[1] ?? m[2]!, public: args.public };
  },
  run: (deps: TestCommandDeps, request, ctx) => testReply(deps, request, ctx),
});

async function testReply(deps: TestCommandDeps, request: TestRequest, ctx: CommandContext): Promise<SlackMessage> {
  const channel = request.channel ?? ctx.channel;
  if (!channel) return testAlertReply({ ok: false, error: 'no_channel' });
  const message = testAlertMessage({ by: ctx.user, at: (deps.now ?? (() => new Date()))() });
  const posted = await deps.postAlert(channel, message);
  ctx.log.info(
    { channel, ...(posted.ok ? {} : { error: posted.error }) },
    posted.ok ? 'test alert posted' : 'test alert refused',
  );
  return shown(testAlertReply(posted.ok ? posted : { ...posted, channel }), request.public);
}
