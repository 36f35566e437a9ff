import type { App } from '@slack/bolt';
import { openLink } from './actions/open-link.js';
import { janusCommand, type JanusCommandDeps } from './commands/janus.js';

export type HandlerDeps = JanusCommandDeps;

/** Every Slack binding of Janus, on one screen. */
export function registerListeners(app: App, deps: HandlerDeps): void {
  app.command('/janus', janusCommand(deps));
  app.action(/^open_(report|datahub)$/, openLink);
}
