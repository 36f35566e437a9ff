import { z } from 'zod';
import type { Config } from '../../config/schema.js';
import { SCOPES_BY_USE } from './slack-scopes.js';
import { fail, ok, reason, skip, warn, within, type Check } from './check.js';

const authTest = z.object({
  ok: z.boolean(),
  error: z.string().optional(),
  team: z.string().optional(),
  user: z.string().optional(),
});
const channelInfo = z.object({
  ok: z.boolean(),
  error: z.string().optional(),
  channel: z.object({ id: z.string(), name: z.string().optional(), is_member: z.boolean().optional() }).optional(),
});
const channelList = z.object({
  ok: z.boolean(),
  error: z.string().optional(),
  channels: z.array(z.object({ id: z.string(), name: z.string(), is_member: z.boolean().optional() })).default([]),
  response_metadata: z.object({ next_cursor: z.string().optional() }).optional(),
});

const ANSWER_MS = 10_000;

/** Slack, when a bot token is set: the token (`auth.test`), its scopes (`x-oauth-scopes`), the fallback channel. */
export async function slackChecks(slack: Config['slack']): Promise<Check[]> {
  if (!slack.botToken) return [skip('slack', 'Slack', 'SLACK_BOT_TOKEN is not set: Slack is off')];
  const call = async (method: string, params: Record<string, string> = {}) => {
    const res = await within(
      ANSWER_MS,
      fetch(new URL(method, slack.apiUrl), {
        method: 'POST',
        headers: { authorization: `Bearer ${slack.botToken}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(params).toString(),
      }),
      `Slack (${method})`,
    );
    return { body: (await res.json()) as unknown, scopes: res.headers.get('x-oauth-scopes') };
  };
  let auth: Awaited<ReturnType<typeof call>>;
  try {
    auth = await call('auth.test');
  } catch (err) {
    return [fail('slack', 'Slack reachable', reason(err), `check SLACK_API_URL (${slack.apiUrl}) and the network`)];
  }
  const who = authTest.safeParse(auth.body);
  if (!who.success || !who.data.ok)
    return [
      fail(
        'slack',
        'bot token accepted',
        `auth.test: ${who.success ? who.data.error : 'not a Slack answer'}`,
        'set SLACK_BOT_TOKEN to the Bot User OAuth Token (xoxb-…) of the installed app (OAuth & Permissions)',
      ),
    ];
  const checks: Check[] = [ok('slack', 'bot token accepted', `@${who.data.user} in ${who.data.team}`)];
  checks.push(scopesCheck(auth.scopes));
  if (slack.appToken) checks.push(await appTokenCheck(slack.appToken, slack.apiUrl));
  else if (!slack.signingSecret)
    checks.push(
      warn(
        'slack',
        'signing secret',
        'neither SLACK_APP_TOKEN nor SLACK_SIGNING_SECRET is set: alerts are posted, but /janus and the buttons are not answered',
        'set SLACK_APP_TOKEN (Socket Mode: Basic Information → App-Level Tokens, scope connections:write) or SLACK_SIGNING_SECRET (HTTP: Basic Information → Signing Secret)',
      ),
    );
  if (slack.fallbackChannel) checks.push(await fallbackCheck(slack.fallbackChannel, call));
  return checks;
}

const connectionsOpen = z.object({ ok: z.boolean(), error: z.string().optional() });

/** Socket Mode: the app-level token opens a connection (`apps.connections.open`; its URL is left unused). */
async function appTokenCheck(appToken: string, apiUrl: string): Promise<Check> {
  const name = 'app-level token accepted (Socket Mode)';
  let body: unknown;
  try {
    const res = await within(
      ANSWER_MS,
      fetch(new URL('apps.connections.open', apiUrl), {
        method: 'POST',
        headers: { authorization: `Bearer ${appToken}`, 'content-type': 'application/x-www-form-urlencoded' },
      }),
      'Slack (apps.connections.open)',
    );
    body = await res.json();
  } catch (err) {
    return fail('slack', name, reason(err), `check SLACK_API_URL (${apiUrl}) and the network`);
  }
  const answer = connectionsOpen.safeParse(body);
  if (answer.success && answer.data.ok) return ok('slack', name, 'Slack opens a Socket Mode connection for it');
  return fail(
    'slack',
    name,
    `apps.connections.open: ${answer.success ? answer.data.error : 'not a Slack answer'}`,
    'set SLACK_APP_TOKEN to an app-level token (xapp-…) with connections:write (Basic Information → App-Level Tokens), and turn Socket Mode on (manifest.socket-mode.yml)',
  );
}

function scopesCheck(header: string | null): Check {
  if (header === null)
    return warn('slack', 'scopes', 'Slack did not say which scopes the token has', 'compare with manifest.yml');
  const granted = new Set(header.split(',').map((s) => s.trim()));
  const missing = SCOPES_BY_USE.filter((s) => !granted.has(s.scope));
  if (!missing.length) return ok('slack', 'scopes', `all ${SCOPES_BY_USE.length} scopes Janus uses are granted`);
  return fail(
    'slack',
    'scopes',
    `missing ${missing.map((m) => `${m.scope} (${m.use})`).join('; ')}`,
    'add the scopes in manifest.yml to the app (OAuth & Permissions), then reinstall it to the workspace',
  );
}

type SlackCall = (method: string, params?: Record<string, string>) => Promise<{ body: unknown }>;

async function fallbackCheck(channel: string, call: SlackCall): Promise<Check> {
  const name = 'fallback channel';
  try {
    const found = channel.startsWith('#') ? await byName(channel.slice(1), call) : await byId(channel, call);
    if (!found)
      return fail(
        'slack',
        name,
        `${channel} does not exist or the bot cannot see it`,
        'set JANUS_SLACK_FALLBACK_CHANNEL to an existing channel (its id, or #name)',
      );
    if (!found.is_member)
      return warn(
        'slack',
        name,
        `the bot is not in ${channel}`,
        `invite @Argos to ${channel} (/invite); a public channel is joined at the first alert`,
      );
    return ok('slack', name, `${channel}: the bot is in it`);
  } catch (err) {
    return warn('slack', name, reason(err), 'check the channel by hand');
  }
}

async function byId(id: string, call: SlackCall) {
  const info = channelInfo.parse((await call('conversations.info', { channel: id })).body);
  return info.ok ? info.channel : undefined;
}

async function byName(name: string, call: SlackCall) {
  let cursor = '';
  for (let page = 0; page < 50; page++) {
    const list = channelList.parse(
      (await call('conversations.list', { limit: '1000', exclude_archived: 'true', ...(cursor ? { cursor } : {}) }))
        .body,
    );
    if (!list.ok) throw new Error(`conversations.list: ${list.error}`);
    const hit = list.channels.find((c) => c.name === name);
    if (hit) return hit;
    cursor = list.response_metadata?.next_cursor ?? '';
    if (!cursor) return undefined;
  }
  return undefined;
}
