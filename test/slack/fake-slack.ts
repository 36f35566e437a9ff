import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Slack: the Web API at `/api/<method>` and response URLs at `/respond/<id>`. It records
 * every call, answers `auth.test` like Slack does for a bot token, can answer 429 with Retry-After, and
 * records anything it does not know as unexpected (tests assert there is none).
 */
export interface FakeSlack {
  url: string;
  /** For `slack.apiUrl` / `SLACK_API_URL`. */
  apiUrl: string;
  /** Web API calls, in arrival order, with the status each got. */
  calls: { method: string; body: Record<string, string>; status: number }[];
  /** Posts to response URLs, in arrival order. */
  responses: { id: string; body: Record<string, unknown>; at: number }[];
  unexpected: string[];
  /** A fresh response URL; `posted(id)` resolves with the first message posted to it. */
  responseUrl(): { id: string; url: string };
  posted(id: string): Promise<Record<string, unknown>>;
  /** Answer the next `count` calls of `method` with 429 and `Retry-After: retryAfterS`. */
  rateLimit(method: string, retryAfterS: number, count?: number): void;
  /** What `auth.test` answers (default ok). */
  authError?: string;
  /** Answers for more Web API methods (by name), added by the tests that need them (e.g. incident-slack.ts). */
  methods: Record<string, (body: Record<string, string>) => Record<string, unknown>>;
  close(): Promise<void>;
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

export async function startFakeSlack(): Promise<FakeSlack> {
  const limits = new Map<string, { retryAfterS: number; left: number }>();
  const waiters = new Map<string, (body: Record<string, unknown>) => void>();
  let next = 0;
  const server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://slack.invalid').pathname;
      const text = await readBody(req);
      const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
        res.end(JSON.stringify(body));
      };
      const api = /^\/api\/([\w.]+)$/.exec(path);
      if (api && req.method === 'POST') {
        const method = api[1]!;
        const body = req.headers['content-type']?.startsWith('application/json')
          ? (JSON.parse(text || '{}') as Record<string, string>)
          : Object.fromEntries(new URLSearchParams(text));
        const limit = limits.get(method);
        if (limit && limit.left > 0) {
          limit.left--;
          fake.calls.push({ method, body, status: 429 });
          return json(429, { ok: false, error: 'ratelimited' }, { 'retry-after': String(limit.retryAfterS) });
        }
        fake.calls.push({ method, body, status: 200 });
        if (method === 'auth.test') {
          if (fake.authError) return json(200, { ok: false, error: fake.authError });
          return json(200, {
            ok: true,
            url: 'https://janus-test.slack.com/',
            team: 'Janus',
            user: 'argos',
            team_id: BOT.teamId,
            user_id: BOT.userId,
            bot_id: BOT.botId,
          });
        }
        const answer = fake.methods[method];
        if (answer) return json(200, answer(body));
        fake.unexpected.push(`Web API ${method}`);
        return json(200, { ok: false, error: 'unknown_method' });
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
  const fake: FakeSlack = {
    url,
    apiUrl: `${url}/api/`,
    calls: [],
    responses: [],
    unexpected: [],
    methods: {},
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
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  return fake;
}
