import type { FakeSlack } from './fake-slack.js';
import { slashCommandBody } from './slash-command.js';

/** The app-level token the fake Socket Mode accepts in these tests. */
export const APP_TOKEN = 'xapp-1-A0JANUS01-1234567890-socketmodetestsecret';

/** A slash command's payload as a Socket Mode envelope carries it: the fields Slack posts as a form, in JSON. */
export function slashPayload(
  slack: FakeSlack,
  text: string,
  user?: string,
): { payload: Record<string, string>; id: string } {
  const { id, url } = slack.responseUrl();
  const body = slashCommandBody({ text, responseUrl: url, ...(user ? { user } : {}) });
  return { payload: Object.fromEntries(new URLSearchParams(body)), id };
}
