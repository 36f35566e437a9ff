import { createServer, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Slack: the Web API at `/api/<method>` and response URLs at `/respond/<id>`. It records
 * every call, answers `auth.test` like Slack does for a bot token, keeps channels (public or private, the bot a
 * member or not), the messages posted to them with their metadata and their edits, serves them back
 * (`conversations.history`, `conversations.replies`: the metadata only with `include_all_metadata`), finds users by
 * email, and can answer 429 with Retry-After (for a number of calls, or beyond N messages a second per channel),
 * `channel_not_found`, `not_in_channel` or any error, be down (HTTP 503), or answer late: the call done at once,
 * its answer held back (past a client's timeout, a post that landed though its answer was lost). Anything it does
 * not know is recorded as unexpected (tests assert there is none).
 */
export interface FakeSlack {
  url: string;
  /** For `slack.apiUrl` / `SLACK_API_URL`. */
  apiUrl: string;
  /** Web API calls, in arrival order, with the status each got and the `error` of a refused one. */
  calls: { method: string; body: Record<string, string>; status: number; error?: string; at: number }[];
  /** Posts to response URLs, in arrival order. */
  responses: { id: string; body: Record<string, unknown>; at: number }[];
  /** Every message posted (`chat.postMessage` that Slack accepted), in order, as it is now (edits applied). */
  messages: FakeMessage[];
  unexpected: string[];
  /** A fresh response URL; `posted(id)` resolves with the first message posted to it. */
  responseUrl(): { id: string; url: string };
  posted(id: string): Promise<Record<string, unknown>>;
  /** Answer the next `count` calls of `method` with 429 and `Retry-After: retryAfterS`. */
  rateLimit(method: string, retryAfterS: number, count?: number): void;
  /** Answer the next `count` calls of `method` with `{ok: false, error}`. */
  fail(method: string, error: string, count?: number): void;
  /** Do the next `count` calls of `method` (default: all) at once, but answer each only `ms` later. */
  answerLate(method: string, ms: number, count?: number): void;
  /** At most this many `chat.postMessage` a second per channel; beyond, 429 with Retry-After (unset: no limit). */
  perChannelPerSecond?: number;
  /** While true, every Web API call gets HTTP 503 (Slack is down). */
  down: boolean;
  /** Whether the token may post in public channels the bot is not in (`chat:write.public`); default false. */
  writePublic: boolean;
  /** A channel Slack knows; the bot is a member unless `member: false`. Returns its id. */
  addChannel(c: { name: string; id?: string; private?: boolean; member?: boolean; archived?: boolean }): string;
  /** Channels by id (a post to a name or id Slack does not know gets `channel_not_found`). */
  channels: Map<string, FakeChannel>;
  /** A workspace member `users.lookupByEmail` finds. */
  addUser(email: string, id: string): void;
  /** The channel a name (`#x`, `x`) or id stands for. */
  channel(nameOrId: string): FakeChannel | undefined;
  /** Top-level messages posted in a channel (name or id), oldest first. */
  parents(channel: string): FakeMessage[];
  /** Replies in a thread, oldest first. */
  replies(channel: string, ts: string): FakeMessage[];
  /** What `auth.test` answers (default ok). */
  authError?: string;
  /** The scopes the bot token was granted: Slack names them in every Web API answer's `x-oauth-scopes`. */
  scopes: string[];
  /** Answers for more Web API methods (by name), added by the tests that need them (e.g. incident-slack.ts). */
  methods: Record<string, (body: Record<string, string>, headers: IncomingHttpHeaders) => Record<string, unknown>>;
  close(): Promise<void>;
}

export interface FakeChannel {
  id: string;
  name: string;
  private: boolean;
  member: boolean;
  archived: boolean;
}

export interface FakeMessage {
  channel: string;
  ts: string;
  thread_ts?: string;
  text: string;
  blocks: Record<string, unknown>[];
  /** The message metadata it was posted with (`{event_type, event_payload}`). */
  metadata?: { event_type: string; event_payload: Record<string, unknown> };
  /** Each earlier version, oldest first, when `chat.update` edited it. */
  edits: { text: string; blocks: Record<string, unknown>[] }[];
  /** When it was posted: `performance.now()`, and the wall clock (ms), to compare with other processes' times. */
  at: number;
  wall: number;
}

export const BOT = { userId: 'UARGOS01', botId: 'BARGOS01', teamId: 'T0JANUS01' };

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/**
 * Block Kit's limits, as Slack enforces them (`invalid_blocks`): the problems of a message's blocks, none when valid.
 * Exported so tests can check a rendered message without a round trip.
 */
export function blockProblems(blocks: unknown): string[] {
  if (!Array.isArray(blocks)) return ['blocks is not an array'];
  const problems: string[] = [];
  if (blocks.length > 50) problems.push(`${blocks.length} blocks (at most 50)`);
  const text = (t: unknown, max: number, where: string) => {
    const s = (t as { text?: unknown } | undefined)?.text;
    if (typeof s !== 'string' || s.length === 0) problems.push(`${where}: empty text`);
    else if (s.length > max) problems.push(`${where}: ${s.length} characters (at most ${max})`);
  };
  blocks.forEach((b: Record<string, unknown>, i) => {
    const where = `block ${i} (${String(b.type)})`;
    if (typeof b.block_id === 'string' && b.block_id.length > 255) problems.push(`${where}: block_id too long`);
    switch (b.type) {
      case 'header':
        text(b.text, 150, where);
        break;
      case 'section':
        if (b.text) text(b.text, 3000, where);
        if (Array.isArray(b.fields)) {
          if (b.fields.length > 10) problems.push(`${where}: ${b.fields.length} fields`);
          b.fields.forEach((f) => text(f, 2000, `${where} field`));
        }
        if (!b.text && !b.fields) problems.push(`${where}: no text or fields`);
        break;
      case 'context': {
        const els = (b.elements as unknown[]) ?? [];
        if (!els.length || els.length > 10) problems.push(`${where}: ${els.length} elements (1 to 10)`);
        els.forEach((e) => text(e, 3000, `${where} element`));
        break;
      }
      case 'actions': {
        const els = (b.elements as Record<string, unknown>[]) ?? [];
        if (!els.length || els.length > 25) problems.push(`${where}: ${els.length} elements (1 to 25)`);
        const ids = new Set<string>();
        for (const e of els) {
          if (e.type === 'static_select') staticSelectProblems(e, `${where} static_select`, problems, text);
          else text(e.text, 75, `${where} button`);
          const id = e.action_id;
          if (typeof id === 'string') {
            if (id.length > 255) problems.push(`${where}: action_id too long`);
            if (ids.has(id)) problems.push(`${where}: action_id ${id} twice`);
            ids.add(id);
          }
          if (typeof e.value === 'string' && e.value.length > 2000) problems.push(`${where}: value too long`);
          if (typeof e.url === 'string' && e.url.length > 3000) problems.push(`${where}: url too long`);
        }
        break;
      }
      case 'divider':
        break;
      default:
        problems.push(`${where}: a block type this fake does not check`);
    }
  });
  return problems;
}

/** A `static_select`'s limits: placeholder 150, up to 100 options (or groups), option text 75, value 150. */
function staticSelectProblems(
  e: Record<string, unknown>,
  where: string,
  problems: string[],
  text: (t: unknown, max: number, where: string) => void,
): void {
  if (e.placeholder) text(e.placeholder, 150, `${where} placeholder`);
  const groups = e.option_groups as { label?: unknown; options?: Record<string, unknown>[] }[] | undefined;
  const flat = e.options as Record<string, unknown>[] | undefined;
  if (!groups === !flat) problems.push(`${where}: options or option_groups, exactly one`);
  if ((groups?.length ?? 0) > 100 || (flat?.length ?? 0) > 100) problems.push(`${where}: over 100 options`);
  const options = flat ?? (groups ?? []).flatMap((g) => (text(g.label, 75, `${where} group`), g.options ?? []));
  for (const o of options) {
    text(o.text, 75, `${where} option`);
    if (typeof o.value !== 'string' || !o.value || o.value.length > 150) problems.push(`${where}: option value`);
  }
}

/** Message metadata as Slack takes it (a JSON object with `event_type` and an `event_payload` object); null if not. */
function parseMetadata(text: string): FakeMessage['metadata'] | null {
  try {
    const m = JSON.parse(text) as { event_type?: unknown; event_payload?: unknown };
    if (typeof m.event_type !== 'string' || !m.event_type) return null;
    if (typeof m.event_payload !== 'object' || m.event_payload === null || Array.isArray(m.event_payload)) return null;
    return { event_type: m.event_type, event_payload: m.event_payload as Record<string, unknown> };
  } catch {
    return null;
  }
}

export async function startFakeSlack(): Promise<FakeSlack> {
  const limits = new Map<string, { retryAfterS: number; left: number }>();
  const failures = new Map<string, { error: string; left: number }>();
  const waiters = new Map<string, (body: Record<string, unknown>) => void>();
  const users = new Map<string, string>();
  const recent = new Map<string, number[]>();
  const late = new Map<string, { ms: number; left: number }>();
  const timers = new Set<NodeJS.Timeout>();
  let next = 0;
  let seq = 0;
  /** Slack's message ids: the wall clock's seconds, then a sequence, unique and increasing. */
  const newTs = () => `${Math.floor(Date.now() / 1000)}.${String(++seq % 1_000_000).padStart(6, '0')}`;

  const post = (body: Record<string, string>): { status: number; reply: Record<string, unknown>; retry?: number } => {
    const c = fake.channel(body.channel ?? '');
    if (!c) return { status: 200, reply: { ok: false, error: 'channel_not_found' } };
    if (c.private && !c.member) return { status: 200, reply: { ok: false, error: 'channel_not_found' } };
    if (c.archived) return { status: 200, reply: { ok: false, error: 'is_archived' } };
    if (!c.member && !fake.writePublic) return { status: 200, reply: { ok: false, error: 'not_in_channel' } };
    const limit = fake.perChannelPerSecond;
    if (limit !== undefined) {
      const now = performance.now();
      const times = (recent.get(c.id) ?? []).filter((t) => now - t < 1000);
      if (times.length >= limit) {
        recent.set(c.id, times);
        return { status: 429, reply: { ok: false, error: 'ratelimited' }, retry: 1 };
      }
      recent.set(c.id, [...times, now]);
    }
    const blocks = body.blocks ? (JSON.parse(body.blocks) as Record<string, unknown>[]) : [];
    const problems = blockProblems(blocks);
    if (body.blocks && problems.length)
      return { status: 200, reply: { ok: false, error: 'invalid_blocks', errors: problems } };
    if (!body.text && !body.blocks) return { status: 200, reply: { ok: false, error: 'no_text' } };
    const metadata = body.metadata ? parseMetadata(body.metadata) : undefined;
    if (metadata === null) return { status: 200, reply: { ok: false, error: 'invalid_metadata_format' } };
    const parent = body.thread_ts
      ? fake.messages.find((m) => m.channel === c.id && m.ts === body.thread_ts && !m.thread_ts)
      : undefined;
    if (body.thread_ts && !parent) return { status: 200, reply: { ok: false, error: 'thread_not_found' } };
    const m: FakeMessage = {
      channel: c.id,
      ts: newTs(),
      ...(body.thread_ts ? { thread_ts: body.thread_ts } : {}),
      text: body.text ?? '',
      blocks,
      ...(metadata ? { metadata } : {}),
      edits: [],
      at: performance.now(),
      wall: Date.now(),
    };
    fake.messages.push(m);
    return { status: 200, reply: { ok: true, channel: c.id, ts: m.ts, message: { text: m.text, ts: m.ts } } };
  };

  /** A conversation's messages as `conversations.history` / `.replies` serve them, or the error Slack gives. */
  const readable = (body: Record<string, string>, method: string): FakeChannel | { error: string } => {
    const c = fake.channels.get(body.channel ?? '');
    if (!c || (c.private && !c.member)) return { error: 'channel_not_found' };
    const scope = c.id.startsWith('D') ? 'im:history' : c.private ? 'groups:history' : 'channels:history';
    if (!fake.scopes.includes(scope)) return { error: 'missing_scope' };
    if (!c.member) return { error: 'not_in_channel' };
    if (method === 'conversations.replies' && !body.ts) return { error: 'invalid_arguments' };
    return c;
  };
  const asRead = (m: FakeMessage, withMetadata: boolean) => ({
    type: 'message',
    subtype: 'bot_message',
    bot_id: BOT.botId,
    user: BOT.userId,
    ts: m.ts,
    ...(m.thread_ts ? { thread_ts: m.thread_ts } : {}),
    text: m.text,
    blocks: m.blocks,
    ...(withMetadata && m.metadata ? { metadata: m.metadata } : {}),
  });
  /** One page of `list` after the filters every reading method shares: oldest/latest, limit, cursor. */
  const page = (list: FakeMessage[], body: Record<string, string>) => {
    const inclusive = body.inclusive === 'true' || body.inclusive === '1';
    const oldest = body.oldest ? Number(body.oldest) : -Infinity;
    const latest = body.latest ? Number(body.latest) : Infinity;
    const inWindow = list.filter((m) => {
      const t = Number(m.ts);
      return (inclusive ? t >= oldest : t > oldest) && (inclusive ? t <= latest : t < latest);
    });
    const limit = Math.min(Math.max(Number(body.limit ?? 100) || 100, 1), 999);
    const from = Number(body.cursor ?? 0) || 0;
    const items = inWindow.slice(from, from + limit);
    const more = from + limit < inWindow.length;
    const withMetadata = body.include_all_metadata === 'true' || body.include_all_metadata === '1';
    return {
      ok: true,
      messages: items.map((m) => asRead(m, withMetadata)),
      has_more: more,
      response_metadata: { next_cursor: more ? String(from + limit) : '' },
    };
  };
  const history = (body: Record<string, string>): Record<string, unknown> => {
    const c = readable(body, 'conversations.history');
    if ('error' in c) return { ok: false, error: c.error };
    // newest first, top-level messages only (a reply is not in the channel's history)
    const top = fake.messages.filter((m) => m.channel === c.id && !m.thread_ts).reverse();
    return page(top, body);
  };
  const replies = (body: Record<string, string>): Record<string, unknown> => {
    const c = readable(body, 'conversations.replies');
    if ('error' in c) return { ok: false, error: c.error };
    const parent = fake.messages.find((m) => m.channel === c.id && m.ts === body.ts && !m.thread_ts);
    if (!parent) return { ok: false, error: 'thread_not_found' };
    // oldest first, the parent then its replies
    return page([parent, ...fake.messages.filter((m) => m.channel === c.id && m.thread_ts === parent.ts)], body);
  };

  const update = (body: Record<string, string>): Record<string, unknown> => {
    const c = fake.channel(body.channel ?? '');
    if (!c) return { ok: false, error: 'channel_not_found' };
    const m = fake.messages.find((x) => x.channel === c.id && x.ts === body.ts);
    if (!m) return { ok: false, error: 'message_not_found' };
    const blocks = body.blocks ? (JSON.parse(body.blocks) as Record<string, unknown>[]) : m.blocks;
    const problems = blockProblems(blocks);
    if (body.blocks && problems.length) return { ok: false, error: 'invalid_blocks', errors: problems };
    m.edits.push({ text: m.text, blocks: m.blocks });
    m.text = body.text ?? m.text;
    m.blocks = blocks;
    return { ok: true, channel: c.id, ts: m.ts, text: m.text };
  };

  const answer = (
    method: string,
    body: Record<string, string>,
    headers: IncomingHttpHeaders,
  ): { status: number; reply: unknown; retry?: number } => {
    const ok = (reply: Record<string, unknown>) => ({ status: 200, reply: { ok: true, ...reply } });
    const custom = fake.methods[method];
    if (custom) return { status: 200, reply: custom(body, headers) };
    switch (method) {
      case 'auth.test':
        if (fake.authError) return { status: 200, reply: { ok: false, error: fake.authError } };
        return ok({
          url: 'https://janus-test.slack.com/',
          team: 'Janus',
          user: 'argos',
          team_id: BOT.teamId,
          user_id: BOT.userId,
          bot_id: BOT.botId,
        });
      case 'chat.postMessage':
        return post(body);
      case 'chat.update':
        return { status: 200, reply: update(body) };
      case 'conversations.history':
        return { status: 200, reply: history(body) };
      case 'conversations.replies':
        return { status: 200, reply: replies(body) };
      case 'conversations.join': {
        const c = fake.channels.get(body.channel ?? '');
        if (!c) return { status: 200, reply: { ok: false, error: 'channel_not_found' } };
        if (c.private) return { status: 200, reply: { ok: false, error: 'method_not_supported_for_channel_type' } };
        if (c.archived) return { status: 200, reply: { ok: false, error: 'is_archived' } };
        c.member = true;
        return ok({ channel: { id: c.id, name: c.name, is_private: false, is_member: true } });
      }
      case 'conversations.info': {
        const c = fake.channels.get(body.channel ?? '');
        if (!c || (c.private && !c.member)) return { status: 200, reply: { ok: false, error: 'channel_not_found' } };
        return ok({
          channel: { id: c.id, name: c.name, is_private: c.private, is_archived: c.archived, is_member: c.member },
        });
      }
      case 'conversations.list':
        return ok({
          channels: [...fake.channels.values()]
            .filter((c) => !c.private && !c.archived)
            .map((c) => ({ id: c.id, name: c.name, is_private: false, is_archived: false, is_member: c.member })),
          response_metadata: { next_cursor: '' },
        });
      case 'users.lookupByEmail': {
        const id = users.get((body.email ?? '').toLowerCase());
        return id
          ? ok({ user: { id, team_id: BOT.teamId, profile: { email: body.email } } })
          : { status: 200, reply: { ok: false, error: 'users_not_found' } };
      }
      default:
        fake.unexpected.push(`Web API ${method}`);
        return { status: 200, reply: { ok: false, error: 'unknown_method' } };
    }
  };

  const server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://slack.invalid').pathname;
      const text = await readBody(req);
      const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
        res.end(JSON.stringify(body));
      };
      const api = /^\/api\/([\w.]+)$/.exec(path);
      if (api) res.setHeader('x-oauth-scopes', fake.scopes.join(','));
      if (api && req.method === 'POST') {
        const method = api[1]!;
        const body = req.headers['content-type']?.startsWith('application/json')
          ? (JSON.parse(text || '{}') as Record<string, string>)
          : Object.fromEntries(new URLSearchParams(text));
        const record = (status: number, error?: string) =>
          fake.calls.push({ method, body, status, ...(error ? { error } : {}), at: performance.now() });
        if (fake.down) {
          record(503, 'down');
          return json(503, { ok: false, error: 'service_unavailable' });
        }
        const limit = limits.get(method);
        if (limit && limit.left > 0) {
          limit.left--;
          record(429, 'ratelimited');
          return json(429, { ok: false, error: 'ratelimited' }, { 'retry-after': String(limit.retryAfterS) });
        }
        const failure = failures.get(method);
        if (failure && failure.left > 0) {
          failure.left--;
          record(200, failure.error);
          return json(200, { ok: false, error: failure.error });
        }
        const { status, reply, retry } = answer(method, body, req.headers);
        const error =
          (reply as { ok?: boolean; error?: string }).ok === false ? (reply as { error: string }).error : undefined;
        record(status, error);
        const slow = late.get(method);
        if (slow && slow.left > 0) {
          slow.left--;
          const timer = setTimeout(() => {
            timers.delete(timer);
            if (!res.destroyed) json(status, reply, retry ? { 'retry-after': String(retry) } : {});
          }, slow.ms);
          timers.add(timer);
          return;
        }
        return json(status, reply, retry ? { 'retry-after': String(retry) } : {});
      }
      const respond = /^\/respond\/([\w-]+)$/.exec(path);
      if (respond && req.method === 'POST') {
        const id = respond[1]!;
        const body = JSON.parse(text) as Record<string, unknown>;
        fake.responses.push({ id, body, at: performance.now() });
        waiters.get(id)?.(body);
        waiters.delete(id);
        return json(200, { ok: true });
      }
      fake.unexpected.push(`${req.method} ${path}`);
      json(404, { ok: false, error: 'not_found' });
    })().catch((err: unknown) => {
      fake.unexpected.push(`failed: ${String(err)}`);
      res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let channelIds = 0;
  const fake: FakeSlack = {
    url,
    apiUrl: `${url}/api/`,
    calls: [],
    responses: [],
    messages: [],
    unexpected: [],
    down: false,
    writePublic: false,
    channels: new Map(),
    methods: {},
    // what manifest.yml asks for
    scopes: [
      'commands',
      'chat:write',
      'channels:join',
      'channels:read',
      'channels:history',
      'groups:history',
      'im:history',
      'users:read',
      'users:read.email',
      'im:write',
      'links:read',
      'links:write',
    ],
    responseUrl() {
      const id = `r${++next}`;
      return { id, url: `${url}/respond/${id}` };
    },
    posted(id) {
      const already = fake.responses.find((r) => r.id === id);
      if (already) return Promise.resolve(already.body);
      return new Promise((resolve) => waiters.set(id, resolve));
    },
    rateLimit(method, retryAfterS, count = 1) {
      limits.set(method, { retryAfterS, left: count });
    },
    fail(method, error, count = 1) {
      failures.set(method, { error, left: count });
    },
    answerLate(method, ms, count = Infinity) {
      late.set(method, { ms, left: count });
    },
    addChannel(c) {
      const id = c.id ?? `C${String(++channelIds).padStart(8, '0')}`;
      fake.channels.set(id, {
        id,
        name: c.name.replace(/^#/, ''),
        private: c.private ?? false,
        member: c.member ?? true,
        archived: c.archived ?? false,
      });
      return id;
    },
    addUser(email, id) {
      users.set(email.toLowerCase(), id);
    },
    channel(nameOrId) {
      const byId = fake.channels.get(nameOrId);
      if (byId) return byId;
      const name = nameOrId.replace(/^#/, '');
      return [...fake.channels.values()].find((c) => c.name === name);
    },
    parents(channel) {
      const id = fake.channel(channel)?.id;
      return fake.messages.filter((m) => m.channel === id && !m.thread_ts);
    },
    replies(channel, ts) {
      const id = fake.channel(channel)?.id;
      return fake.messages.filter((m) => m.channel === id && m.thread_ts === ts);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  return fake;
}

/** `users.info` as Slack answers it for these members (the email needs `users:read.email`); others are not found. */
export function answerUsersInfo(fake: FakeSlack, members: { id: string; name: string; email: string }[]): void {
  fake.methods['users.info'] = (b) => {
    const m = members.find((x) => x.id === b.user);
    return m
      ? {
          ok: true,
          user: { id: m.id, name: m.name, real_name: m.name, profile: { real_name: m.name, email: m.email } },
        }
      : { ok: false, error: 'user_not_found' };
  };
}
