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

/** The two manifests: one app, reached over HTTP (request URLs) or in Socket Mode (none: Janus opens the socket). */
const MANIFESTS = [
  { file: 'manifest.yml', socketMode: false },
  { file: 'manifest.socket-mode.yml', socketMode: true },
] as const;

interface Manifest {
  oauth_config: { scopes: { bot: string[] } };
  features: {
    slash_commands: { command: string; url?: string; usage_hint?: string }[];
    unfurl_domains?: string[];
    app_home?: { home_tab_enabled?: boolean; messages_tab_enabled?: boolean; messages_tab_read_only_enabled?: boolean };
  };
  settings: {
    event_subscriptions?: { request_url?: string; bot_events?: string[] };
    interactivity?: { is_enabled?: boolean; request_url?: string };
    socket_mode_enabled?: boolean;
  };
}

const read = (file: string) => parse(fs.readFileSync(path.join(ROOT, file), 'utf8')) as Manifest;

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sources(p) : e.name.endsWith('.ts') ? [p] : [];
  });
}

describe.each(MANIFESTS)('$file', ({ file, socketMode }) => {
  const manifest = read(file);
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

  it('turns the Home tab on and subscribes to app_home_opened, which Janus listens to', () => {
    const handlers = fs.readFileSync(path.join(ROOT, 'src/handlers/index.ts'), 'utf8');
    expect(handlers).toContain("app.event('app_home_opened'");
    expect(manifest.features.app_home?.home_tab_enabled).toBe(true);
    expect(manifest.settings.event_subscriptions?.bot_events).toContain('app_home_opened');
  });

  it("turns the Messages tab on for /janus watch's direct messages, read-only (Argos listens to no DM)", () => {
    expect(manifest.features.app_home).toMatchObject({
      messages_tab_enabled: true,
      messages_tab_read_only_enabled: true,
    });
    const handlers = fs.readFileSync(path.join(ROOT, 'src/handlers/index.ts'), 'utf8');
    expect(handlers).not.toMatch(/app\.(message|event\('message)/);
  });

  if (socketMode)
    it('is in Socket Mode: no request URL anywhere (Janus opens the connection with its app-level token)', () => {
      expect(manifest.settings.socket_mode_enabled).toBe(true);
      expect(JSON.stringify(manifest)).not.toContain('request_url');
      expect(manifest.features.slash_commands.map((c) => c.url)).toEqual([undefined]);
      expect(manifest.settings.interactivity?.is_enabled).toBe(true);
    });
  else
    it('posts commands, clicks and events to the one Bolt endpoint', () => {
      expect(manifest.settings.socket_mode_enabled).toBe(false);
      const url = 'https://janus.example.com/slack/events';
      expect(manifest.features.slash_commands.map((c) => c.url)).toEqual([url]);
      expect(manifest.settings.event_subscriptions?.request_url).toBe(url);
      expect(manifest.settings.interactivity).toEqual({ is_enabled: true, request_url: url });
    });

  it('docs/slack.md justifies every scope', () => {
    const doc = fs.readFileSync(path.join(ROOT, 'docs/slack.md'), 'utf8');
    for (const scope of manifest.oauth_config.scopes.bot)
      expect(doc).toMatch(new RegExp(`\\| \`${scope.replace('.', '\\.')}\` \\|`));
  });
});

describe('the two manifests', () => {
  it('are one app: the same but for the request URLs and socket_mode_enabled', () => {
    const strip = (m: Manifest) =>
      JSON.parse(
        JSON.stringify(m, (k, v: unknown) =>
          k === 'url' || k === 'request_url' || k === 'socket_mode_enabled' ? undefined : v,
        ),
      ) as unknown;
    expect(strip(read('manifest.socket-mode.yml'))).toEqual(strip(read('manifest.yml')));
  });

  it("leave connections:write to the app-level token (Socket Mode's): it is no bot scope, and the docs say where it goes", () => {
    for (const { file } of MANIFESTS) expect(read(file).oauth_config.scopes.bot).not.toContain('connections:write');
    expect(fs.readFileSync(path.join(ROOT, 'manifest.socket-mode.yml'), 'utf8')).toContain('connections:write');
    expect(fs.readFileSync(path.join(ROOT, 'docs/slack.md'), 'utf8')).toMatch(
      /app-level token[^\n]*`connections:write`/,
    );
  });
});
