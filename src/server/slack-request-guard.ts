import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Redis } from 'ioredis';
import type { Logger } from '../log.js';
import {
  envelopeProblem,
  fieldsOf,
  interactionBodyProblem,
  interactionSchema,
  slashCommandSchema,
} from '../slack/request-schemas.js';
import type { BufferedHandler, BufferedRequest } from './body-limit.js';

/** Slack's own bound: a request signed more than 5 minutes before or after now is refused. */
export const MAX_SKEW_S = 5 * 60;
/** How long an accepted (timestamp, signature) is remembered: the whole window a replay of it could be accepted in. */
export const REPLAY_WINDOW_MS = 2 * MAX_SKEW_S * 1000;

/** Remembers what was accepted; `firstTime` is true the first time a key is seen within `ttlMs`. */
export interface ReplayStore {
  firstTime(key: string, ttlMs: number): Promise<boolean>;
}

/** In this process only (a server without Redis): bounded by the window, swept as it goes. */
export function memoryReplays(now: () => number = Date.now): ReplayStore {
  const seen = new Map<string, number>();
  return {
    async firstTime(key, ttlMs) {
      const t = now();
      for (const [k, until] of seen) {
        if (until > t) break; // insertion order is expiry order: the rest are younger
        seen.delete(k);
      }
      if ((seen.get(key) ?? 0) > t) return false;
      seen.set(key, t + ttlMs);
      return true;
    },
  };
}

/** Shared by every Janus process on one Redis (`SET NX PX` under the service's prefix); in memory while Redis fails. */
export function redisReplays(redis: Redis, prefix: string, logger?: Logger): ReplayStore {
  const fallback = memoryReplays();
  return {
    async firstTime(key, ttlMs) {
      try {
        return (await redis.set(`${prefix}:slack:seen:${key}`, '1', 'PX', ttlMs, 'NX')) === 'OK';
      } catch (err) {
        logger?.warn({ err: (err as Error).message }, 'Redis did not answer: Slack replays checked in this process');
        return fallback.firstTime(key, ttlMs);
      }
    },
  };
}

export interface RequestGuardOptions {
  signingSecret: string;
  /** The configured Slack Web API (`slack.apiUrl`): its host may also take replies (tests' fake Slack). */
  apiUrl?: string;
  replays: ReplayStore;
  logger: Logger;
  now?: () => number;
  /** The endpoint guarded (default any path): a request to another path is left to the next handler. */
  path?: string;
}

/**
 * Checks a Slack request before Bolt sees it (Bolt checks the signature and old timestamps only): a timestamp more
 * than 5 minutes off either way is refused (401); an exact replay of an accepted request is dropped (200, nothing
 * done); a payload Janus cannot use is answered 400, or 200 with an ephemeral error for a slash command (never a
 * 500); a reply address that is not Slack's (`hooks.slack.com`, or the configured API's host) is logged and refused.
 */
export function guardSlackRequests(opts: RequestGuardOptions, next: BufferedHandler): BufferedHandler {
  const now = opts.now ?? Date.now;
  const log = opts.logger.child({ unit: 'slack-guard' });
  const allowedHosts = new Set(['hooks.slack.com', ...(opts.apiUrl ? [new URL(opts.apiUrl).host] : [])]);
  return async (req, res) => {
    if (req.method !== 'POST') return next(req, res);
    if (opts.path && new URL(req.url ?? '/', 'http://janus.invalid').pathname !== opts.path) return next(req, res);
    const tsHeader = String(req.headers['x-slack-request-timestamp'] ?? '');
    const signature = String(req.headers['x-slack-signature'] ?? '');
    const ts = /^\d{1,12}$/.test(tsHeader) ? Number(tsHeader) : NaN;
    if (!Number.isFinite(ts)) return refuse(res, log, 401, 'no valid x-slack-request-timestamp');
    const skew = Math.abs(Math.floor(now() / 1000) - ts);
    if (skew > MAX_SKEW_S) return refuse(res, log, 401, `timestamp ${skew} s away from now (at most ${MAX_SKEW_S})`);
    if (!validSignature(opts.signingSecret, ts, req.rawBody, signature))
      return refuse(res, log, 401, 'signature does not match');
    if (!(await opts.replays.firstTime(`${ts}:${signature}`, REPLAY_WINDOW_MS))) {
      log.warn({ ts }, 'Slack request replayed: dropped');
      return send(res, 200);
    }
    const problem = unusable(req, allowedHosts);
    if (problem) {
      log.warn({ problem: problem.why }, 'Slack request Janus cannot use');
      if (problem.ephemeral)
        return send(
          res,
          200,
          JSON.stringify({ response_type: 'ephemeral', text: `Janus cannot use this request: ${problem.why}.` }),
        );
      return send(res, 400, `${problem.why}\n`, 'text/plain; charset=utf-8');
    }
    return next(req, res);
  };
}

function validSignature(secret: string, ts: number, body: Buffer, signature: string): boolean {
  const expected = Buffer.from(
    `v0=${createHmac('sha256', secret).update(`v0:${ts}:`).update(body).digest('hex')}`,
    'utf8',
  );
  const given = Buffer.from(signature, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** What makes a signed request unusable, if anything. */
function unusable(req: BufferedRequest, allowedHosts: Set<string>): { why: string; ephemeral?: boolean } | undefined {
  const type = String(req.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  if (type === 'application/json') {
    // the Events API's envelopes: a challenge, or an event with its type (Bolt reads `event.type` unchecked)
    let body: unknown;
    try {
      body = JSON.parse(req.rawBody.toString('utf8'));
    } catch {
      return { why: 'a JSON body that is not JSON' };
    }
    const why = envelopeProblem(body);
    return why ? { why } : undefined;
  }
  if (type !== 'application/x-www-form-urlencoded') return undefined; // Bolt answers what it cannot parse
  const form = new URLSearchParams(req.rawBody.toString('utf8'));
  if (form.get('ssl_check') === '1') return undefined;
  const raw = form.get('payload');
  if (raw === null) {
    const parsed = slashCommandSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) return { why: `a slash command without ${fieldsOf(parsed.error)}`, ephemeral: true };
    return replyAddressProblem([parsed.data.response_url], allowedHosts);
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { why: 'its payload is not JSON' };
  }
  const parsed = interactionSchema.safeParse(json);
  if (!parsed.success) return { why: `a payload without a usable ${fieldsOf(parsed.error)}` };
  const p = parsed.data;
  const bodyProblem = interactionBodyProblem(p.type, json);
  if (bodyProblem) return { why: bodyProblem };
  if (!p.team?.id && !(p.is_enterprise_install && p.enterprise?.id)) return { why: `a ${p.type} payload without team` };
  if (!p.user?.id) return { why: `a ${p.type} payload without user` };
  const urls = [p.response_url, ...(p.response_urls ?? []).map((r) => r.response_url)].filter((u): u is string => !!u);
  return replyAddressProblem(urls, allowedHosts);
}

function replyAddressProblem(urls: string[], allowedHosts: Set<string>): { why: string } | undefined {
  for (const u of urls) {
    let url: URL;
    try {
      url = new URL(u);
    } catch {
      return { why: 'its response_url is not a URL' };
    }
    const slack = url.protocol === 'https:' && url.host === 'hooks.slack.com';
    if (!slack && !(allowedHosts.has(url.host) && url.host !== 'hooks.slack.com'))
      return { why: `its response_url is not on Slack (${url.host}): no reply is posted there` };
  }
  return undefined;
}

function refuse(res: ServerResponse, log: Logger, status: number, why: string): void {
  log.info({ status, why }, 'Slack request refused');
  send(res, status);
}

function send(res: ServerResponse, status: number, body = '', type = 'application/json; charset=utf-8'): void {
  res.writeHead(status, { 'content-length': Buffer.byteLength(body), ...(body ? { 'content-type': type } : {}) });
  res.end(body);
}
