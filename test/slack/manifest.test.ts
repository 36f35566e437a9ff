import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { JANUS_COMMANDS } from '../../src/handlers/commands/registry.js';
import { PUBLIC_FLAG } from '../../src/slack/command-text.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The bot scopes each Web API method Janus calls needs (Slack's method pages; SLACK-PLATFORM.md §4). */
const METHOD_SCOPES: Record<string, string[]> = {
  'chat.postMessage': ['chat:write'],
  // janus doctor: the fallback channel exists and the bot is in it
  'conversations.info': ['channels:read'],
  'chat.update': ['chat:write'],
  // a post whose answer was lost, looked for in its channel (or thread) before it is sent again: public, private, DM
  'conversations.history': ['channels:history', 'groups:history', 'im:history'],
  'conversations.replies': ['channels:history', 'groups:history', 'im:history'],
  'conversations.join': ['channels:join'],
  'conversations.list': ['channels:read'],
  'users.lookupByEmail': ['users:read', 'users:read.email'],
  // the incident buttons (docs/slack.md, "Acting on incidents"): who clicked, a refusal only they see, the Resolve modal
  'users.info': ['users:read'],
  'chat.postEphemeral': ['chat:write'],
  'views.open': [],
  // /janus watch: a watcher's direct messages; link unfurls
  'conversations.open': ['im:write'],
  'chat.unfurl': ['links:write'],
  // App Home (docs/slack.md, "App Home")
  'views.publish': [],
  // the on-call responders' user groups (`slack.responders`)
  'usergroups.users.list': ['usergroups:read'],
};

/** The bot scopes each event Janus subscribes to needs. */
const EVENT_SCOPES: Record<string, string[]> = {
  link_shared: ['links:read'],
  app_home_opened: [],
};

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sources(p) : e.name.endsWith('.ts') ? [p] : [];
  });
}

describe('manifest.yml', () => {
  const manifest = parse(fs.readFileSync(path.join(ROOT, 'manifest.yml'), 'utf8')) as {
    oauth_config: { scopes: { bot: string[] } };
    features: {
      slash_commands: { command: string; usage_hint?: string }[];
      unfurl_domains?: string[];
      app_home?: { home_tab_enabled?: boolean };
    };
    settings: { event_subscriptions?: { request_url?: string; bot_events?: string[] } };
  };
  const events = manifest.settings.event_subscriptions?.bot_events ?? [];
  const calls = new Set(
    ['src']
      .flatMap(sources)
      .flatMap((f) =>
        [
          ...fs
            .readFileSync(path.join(ROOT, f), 'utf8')
            .matchAll(/\b(?:slack|client)\.(chat|conversations|users|views|reactions|usergroups\.users)\.(\w+)\(/g),
        ].map((m) => `${m[1]}.${m[2]}`),
      ),
  );

  it('asks for exactly the scopes of the Web API methods Janus calls, and the slash command', () => {
    expect([...calls].filter((c) => !METHOD_SCOPES[c])).toEqual([]);
    expect(events.filter((e) => !EVENT_SCOPES[e])).toEqual([]);
    const needed = new Set([
      'commands',
      ...[...calls].flatMap((c) => METHOD_SCOPES[c]!),
      ...events.flatMap((e) => EVENT_SCOPES[e]!),
    ]);
    expect([...manifest.oauth_config.scopes.bot].sort()).toEqual([...needed].sort());
    expect(manifest.features.slash_commands.map((c) => c.command)).toEqual(['/janus']);
  });

  it("names /janus's commands in its usage_hint as the registry does, in the registry's order", () => {
    const hinted = JANUS_COMMANDS.flatMap((c) => (c.hint ? [c.hint] : []));
    for (const c of JANUS_COMMANDS) if (c.hint) expect(c.hint.split(' ')[0]).toBe(c.name);
    expect(manifest.features.slash_commands[0]!.usage_hint).toBe(
      `${hinted.join(' | ')} (add ${PUBLIC_FLAG} to answer in the channel)`,
    );
  });

  it('subscribes to link_shared, with the DataHub and Janus domains to unfurl', () => {
    expect(events).toContain('link_shared');
    expect(manifest.features.unfurl_domains).toEqual(['datahub.example.com', 'janus.example.com']);
  });

  it('turns the Home tab on and subscribes to app_home_opened, which Janus listens to, at the one Bolt endpoint', () => {
    const handlers = fs.readFileSync(path.join(ROOT, 'src/handlers/index.ts'), 'utf8');
    expect(handlers).toContain("app.event('app_home_opened'");
    expect(manifest.features.app_home?.home_tab_enabled).toBe(true);
    expect(manifest.settings.event_subscriptions?.bot_events).toContain('app_home_opened');
    expect(manifest.settings.event_subscriptions?.request_url).toBe('https://janus.example.com/slack/events');
  });

  it('docs/slack.md justifies every scope', () => {
    const doc = fs.readFileSync(path.join(ROOT, 'docs/slack.md'), 'utf8');
    for (const scope of manifest.oauth_config.scopes.bot)
      expect(doc).toMatch(new RegExp(`\\| \`${scope.replace('.', '\\.')}\` \\|`));
  });
});
