import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { StagedAlert } from '../slack/alerts/plan-cycle.js';
import type { AlertState } from '../slack/alerts/types.js';
import {
  alertState,
  stagedAlert,
  snoozeEntry,
  threadRecord,
  type SnoozeEntry,
  type ThreadRecord,
} from './alert-payloads.js';
import { parseStored as parsed } from '../stored-json.js';

const RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";
/** The next time a channel may get a message: `now` if free (and it is taken for `gap`), else when it frees. */
const PACE = `
local next = tonumber(redis.call('get', KEYS[1]) or '0')
local now = tonumber(ARGV[1])
if next > now then return next end
redis.call('set', KEYS[1], now + tonumber(ARGV[2]), 'PX', tonumber(ARGV[2]) + 60000)
return 0`;
/** Hold a channel until `until` (Slack said Retry-After), unless it is held longer already. */
const HOLD = `
local next = tonumber(redis.call('get', KEYS[1]) or '0')
local untilMs = tonumber(ARGV[1])
if untilMs > next then redis.call('set', KEYS[1], untilMs, 'PX', untilMs - tonumber(ARGV[2]) + 60000) end
return 0`;

/** How long a cycle's staged transitions are kept before they are planned (or given up). */
const STAGE_TTL_S = 86_400;

/**
 * What the Slack alerts keep in Redis, under `<prefix>:alerts:` (apart from the `slack` queue's own keys), shared by
 * every process and surviving restarts:
 * - `state` (hash: alert id → its state, what was said where) and `live` (root cause key or `model:<urn>` → open
 *   alert id), `by-model` (model → open alerts listing it): the planner's memory, so a restart never posts an alert again;
 * - `threads` (hash: `<alert>|<channel>` → the message's channel id and ts, and the last message delivered):
 *   delivery's memory, which keeps each thread in order;
 * - `stage:<cycle>` (a cycle's transitions read and routed, waiting for the rest of the cycle), `planned:<cycle>`,
 *   `cycles` (zset of cycles staged, by time), `plan-lock`;
 * - `snoozes` (hash: entity urn → until when), `user:<email>` (Slack id cache, with a TTL), `pace:<channel>`.
 */
export class AlertStore {
  private readonly key: (name: string) => string;

  constructor(
    readonly redis: Redis,
    prefix: string,
  ) {
    this.key = (name) => `${prefix}:alerts:${name}`;
  }

  // --- the planner's state ---

  async states(ids: string[]): Promise<Record<string, AlertState>> {
    const out: Record<string, AlertState> = {};
    const unique = [...new Set(ids)];
    for (let i = 0; i < unique.length; i += 500) {
      const part = unique.slice(i, i + 500);
      const values = await this.redis.hmget(this.key('state'), ...part);
      part.forEach((id, n) => {
        const s = parsed(alertState, values[n]);
        if (s) out[id] = s as AlertState;
      });
    }
    return out;
  }

  async allStates(): Promise<AlertState[]> {
    const all = await this.redis.hvals(this.key('state'));
    return all.map((v) => parsed(alertState, v) as AlertState | undefined).filter((s): s is AlertState => !!s);
  }

  async live(keys: string[]): Promise<Record<string, string>> {
    const unique = [...new Set(keys)];
    if (!unique.length) return {};
    const values = await this.redis.hmget(this.key('live'), ...unique);
    return Object.fromEntries(unique.flatMap((k, i) => (values[i] ? [[k, values[i]!]] : [])));
  }

  /** The open alerts listing each model. */
  async byModel(models: string[]): Promise<Record<string, string[]>> {
    const unique = [...new Set(models)];
    const out: Record<string, string[]> = {};
    for (let i = 0; i < unique.length; i += 500) {
      const part = unique.slice(i, i + 500);
      const values = await this.redis.hmget(this.key('by-model'), ...part);
      part.forEach((m, n) => {
        const ids = parsed(z.array(z.string()), values[n]);
        if (ids?.length) out[m] = ids;
      });
    }
    return out;
  }

  /** A plan's outcome at once: alert states, live index, and (for a cycle) that it was planned. */
  async commit(
    states: Record<string, AlertState>,
    live: Record<string, string | null>,
    cycle?: string,
    remove: string[] = [],
  ): Promise<void> {
    const index = await this.reindex(Object.values(states), remove);
    const tx = this.redis.multi();
    if (Object.keys(index.set).length) tx.hset(this.key('by-model'), index.set);
    if (index.del.length) tx.hdel(this.key('by-model'), ...index.del);
    const entries = Object.entries(states);
    if (entries.length) tx.hset(this.key('state'), Object.fromEntries(entries.map(([k, v]) => [k, JSON.stringify(v)])));
    const set = Object.entries(live).filter((e): e is [string, string] => e[1] !== null);
    const del = Object.entries(live)
      .filter(([, v]) => v === null)
      .map(([k]) => k);
    if (set.length) tx.hset(this.key('live'), Object.fromEntries(set));
    if (del.length) tx.hdel(this.key('live'), ...del);
    if (remove.length) tx.hdel(this.key('state'), ...remove);
    if (cycle) {
      tx.set(this.key(`planned:${cycle}`), '1', 'EX', STAGE_TTL_S);
      tx.del(this.key(`stage:${cycle}`));
      tx.zrem(this.key('cycles'), cycle);
    }
    await tx.exec();
  }

  /** The model → open alerts index after these states change (run under the planner's lock). */
  private async reindex(
    states: AlertState[],
    removed: string[],
  ): Promise<{ set: Record<string, string>; del: string[] }> {
    const gone = new Set(removed);
    const models = [...new Set(states.flatMap((s) => Object.keys(s.models)))];
    const now = await this.byModel(models);
    const set: Record<string, string> = {};
    const del: string[] = [];
    for (const m of models) {
      const ids = new Set(now[m] ?? []);
      for (const s of states) {
        if (!s.models[m]) continue;
        if (s.status === 'open' && !gone.has(s.id)) ids.add(s.id);
        else ids.delete(s.id);
      }
      if (ids.size) set[m] = JSON.stringify([...ids]);
      else if (now[m]) del.push(m);
    }
    return { set, del };
  }

  // --- a cycle's transitions, staged until the whole cycle is in ---

  /** Stages one transition of a cycle; returns how many of the cycle's are staged now. */
  async stage(cycle: string, index: number, staged: StagedAlert, at: number): Promise<number> {
    const k = this.key(`stage:${cycle}`);
    const [, , , count] = (await this.redis
      .multi()
      .hset(k, String(index), JSON.stringify(staged))
      .expire(k, STAGE_TTL_S)
      .zadd(this.key('cycles'), 'NX', at, cycle)
      .hlen(k)
      .exec())!;
    return Number(count![1]);
  }

  async staged(cycle: string): Promise<StagedAlert[]> {
    const all = await this.redis.hgetall(this.key(`stage:${cycle}`));
    return Object.entries(all)
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([, v]) => parsed(stagedAlert, v) as StagedAlert | undefined)
      .filter((s): s is StagedAlert => !!s);
  }

  async planned(cycle: string): Promise<boolean> {
    return (await this.redis.exists(this.key(`planned:${cycle}`))) === 1;
  }

  /** Cycles staged before `before` (ms) and not planned: one of their transitions never came. */
  async staleCycles(before: number): Promise<string[]> {
    return this.redis.zrangebyscore(this.key('cycles'), 0, before);
  }

  /** One planner at a time, whichever process: `SET NX PX`. */
  async lock(token: string, ms: number): Promise<boolean> {
    return (await this.redis.set(this.key('plan-lock'), token, 'PX', ms, 'NX')) === 'OK';
  }

  async unlock(token: string): Promise<void> {
    await this.redis.eval(RELEASE, 1, this.key('plan-lock'), token);
  }

  // --- delivery: threads and pacing ---

  async thread(alert: string, channel: string): Promise<ThreadRecord | undefined> {
    return parsed(threadRecord, await this.redis.hget(this.key('threads'), `${alert}|${channel}`));
  }

  async setThread(alert: string, channel: string, rec: ThreadRecord): Promise<void> {
    await this.redis.hset(this.key('threads'), `${alert}|${channel}`, JSON.stringify(rec));
  }

  /** 0 when the channel may get a message now (and it is taken for `gapMs`), else when it may (ms). */
  async pace(channel: string, gapMs: number, now = Date.now()): Promise<number> {
    return Number(await this.redis.eval(PACE, 1, this.key(`pace:${channel}`), now, gapMs));
  }

  /** No message to the channel before `until` (ms): Slack answered 429 with Retry-After. */
  async hold(channel: string, until: number, now = Date.now()): Promise<void> {
    await this.redis.eval(HOLD, 1, this.key(`pace:${channel}`), until, now);
  }

  // --- snoozes ---

  async snooze(urn: string, entry: SnoozeEntry): Promise<void> {
    await this.redis.hset(this.key('snoozes'), urn, JSON.stringify(entry));
  }

  /** Removes a snooze; whether there was one. */
  async unsnooze(urn: string): Promise<SnoozeEntry | undefined> {
    const [[, was]] = (await this.redis
      .multi()
      .hget(this.key('snoozes'), urn)
      .hdel(this.key('snoozes'), urn)
      .exec()) as [[unknown, string | null]];
    return parsed(snoozeEntry, was);
  }

  async snoozes(): Promise<Record<string, SnoozeEntry>> {
    const all = await this.redis.hgetall(this.key('snoozes'));
    const out: Record<string, SnoozeEntry> = {};
    for (const [k, v] of Object.entries(all)) {
      const e = parsed(snoozeEntry, v);
      if (e) out[k] = e;
    }
    return out;
  }

  async dropSnoozes(urns: string[]): Promise<void> {
    if (urns.length) await this.redis.hdel(this.key('snoozes'), ...urns);
  }

  // --- Slack ids found by email ---

  /** The Slack id cached for an email: a string, null (Slack knows no such user), undefined (not cached). */
  async cachedUser(email: string): Promise<string | null | undefined> {
    const v = await this.redis.get(this.key(`user:${email.toLowerCase()}`));
    return v === null ? undefined : v === '-' ? null : v;
  }

  async cacheUser(email: string, id: string | null, ttlMs: number): Promise<void> {
    await this.redis.set(this.key(`user:${email.toLowerCase()}`), id ?? '-', 'PX', ttlMs);
  }
}
