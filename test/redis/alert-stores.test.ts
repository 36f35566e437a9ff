import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AlertStore } from '../../src/jobs/alert-store.js';
import { AlertStaging } from '../../src/redis/alert-staging.js';
import { AlertStates } from '../../src/redis/alert-states.js';
import { AlertThreads } from '../../src/redis/alert-threads.js';
import { ChannelPacing } from '../../src/redis/channel-pacing.js';
import { Snoozes } from '../../src/redis/snoozes.js';
import { SlackUserCache } from '../../src/redis/slack-user-cache.js';
import { parseStored } from '../../src/stored-json.js';
import { redisWithPrefixes } from '../support/redis-prefixes.js';

/**
 * The Slack alerts' stores, one per concern (issue 36). A running service upgrades in place, so each keeps the keys
 * and the JSON the one AlertStore class kept: `<prefix>:alerts:<name>`, read here raw.
 */

const { redis, prefix } = redisWithPrefixes();

const record = z.object({
  id: z.string(),
  status: z.enum(['open', 'resolved']),
  models: z.record(z.string(), z.object({ name: z.string() })),
});
type Rec = z.infer<typeof record>;
const parse = (v: string | null | undefined) => parseStored(record, v);
const alert = (id: string, status: Rec['status'], ...models: string[]): Rec => ({
  id,
  status,
  models: Object.fromEntries(models.map((m) => [m, { name: m }])),
});

describe('AlertStates: the planner’s memory', () => {
  it('writes `state`, `live` and the `by-model` index of open alerts, and reads them back', async () => {
    const p = prefix();
    const states = new AlertStates(redis, p, parse);
    const write = async (s: Record<string, Rec>, live: Record<string, string | null>, remove: string[] = []) => {
      const tx = redis.multi();
      await states.write(tx, s, live, remove);
      await tx.exec();
    };
    await write({ a1: alert('a1', 'open', 'm1', 'm2'), a2: alert('a2', 'open', 'm2') }, { k1: 'a1', k2: 'a2' });
    expect(JSON.parse((await redis.hget(`${p}:alerts:state`, 'a1'))!)).toEqual(alert('a1', 'open', 'm1', 'm2'));
    expect(await redis.hgetall(`${p}:alerts:live`)).toEqual({ k1: 'a1', k2: 'a2' });
    expect(JSON.parse((await redis.hget(`${p}:alerts:by-model`, 'm2'))!)).toEqual(['a1', 'a2']);
    expect(await states.byModel(['m1', 'm2', 'm3'])).toEqual({ m1: ['a1'], m2: ['a1', 'a2'] });

    // a1 resolves: it leaves the index (m1's entry goes), its live key is cleared; a2 is forgotten altogether
    await write({ a1: alert('a1', 'resolved', 'm1', 'm2') }, { k1: null }, []);
    await write({ a2: alert('a2', 'resolved', 'm2') }, { k2: null }, ['a2']);
    expect(await redis.hexists(`${p}:alerts:by-model`, 'm1')).toBe(0);
    expect(await states.byModel(['m1', 'm2'])).toEqual({});
    expect(await states.live(['k1', 'k2'])).toEqual({});
    expect(await states.states(['a1', 'a2', 'a1'])).toEqual({ a1: alert('a1', 'resolved', 'm1', 'm2') });
    expect(await states.allStates()).toEqual([alert('a1', 'resolved', 'm1', 'm2')]);
  });

  it('skips a stored state its schema does not read', async () => {
    const p = prefix();
    await redis.hset(`${p}:alerts:state`, 'bad', '{"id":1}', 'worse', 'not json');
    expect(await new AlertStates(redis, p, parse).states(['bad', 'worse'])).toEqual({});
  });
});

describe('AlertStaging: a cycle’s transitions until the whole cycle is in', () => {
  it('stages under `stage:<cycle>` and `cycles`, and marks the cycle `planned:<cycle>` in the plan’s transaction', async () => {
    const p = prefix();
    const staging = new AlertStaging(redis, p, (v) => parseStored(z.object({ n: z.number() }), v));
    expect(await staging.stage('c1', 1, { n: 1 }, 1_000)).toBe(1);
    expect(await staging.stage('c1', 0, { n: 0 }, 2_000)).toBe(2);
    expect(await redis.hget(`${p}:alerts:stage:c1`, '0')).toBe('{"n":0}');
    expect(await redis.zscore(`${p}:alerts:cycles`, 'c1')).toBe('1000');
    expect(await staging.staged('c1')).toEqual([{ n: 0 }, { n: 1 }]);
    expect(await staging.staleCycles(1_500)).toEqual(['c1']);
    expect(await staging.planned('c1')).toBe(false);
    const tx = redis.multi();
    staging.markPlanned(tx, 'c1');
    await tx.exec();
    expect(await redis.get(`${p}:alerts:planned:c1`)).toBe('1');
    expect(await redis.exists(`${p}:alerts:stage:c1`)).toBe(0);
    expect(await staging.staleCycles(Date.now())).toEqual([]);
    expect(await staging.planned('c1')).toBe(true);
  });
});

describe('delivery: threads and pacing', () => {
  it('keeps a thread under `threads` as `<alert>|<channel>`', async () => {
    const p = prefix();
    const threads = new AlertThreads(redis, p, (v) => parseStored(z.object({ ts: z.string(), done: z.number() }), v));
    expect(await threads.thread('a1', 'C1')).toBeUndefined();
    await threads.setThread('a1', 'C1', { ts: '1.2', done: 3 });
    expect(await redis.hget(`${p}:alerts:threads`, 'a1|C1')).toBe('{"ts":"1.2","done":3}');
    expect(await threads.thread('a1', 'C1')).toEqual({ ts: '1.2', done: 3 });
  });

  it('paces a channel under `pace:<channel>`: one message a gap, and no message before a hold ends', async () => {
    const p = prefix();
    const pacing = new ChannelPacing(redis, p);
    expect(await pacing.pace('C1', 1_000, 10_000)).toBe(0);
    expect(await redis.get(`${p}:alerts:pace:C1`)).toBe('11000');
    expect(await pacing.pace('C1', 1_000, 10_500)).toBe(11_000);
    await pacing.hold('C1', 20_000, 10_500);
    expect(await pacing.pace('C1', 1_000, 15_000)).toBe(20_000);
    // a shorter hold never shortens a longer one
    await pacing.hold('C1', 12_000, 10_500);
    expect(await pacing.pace('C1', 1_000, 15_000)).toBe(20_000);
    expect(await pacing.pace('C2', 1_000, 15_000)).toBe(0);
  });
});

describe('snoozes and the Slack user cache', () => {
  it('keeps snoozes under `snoozes` by urn; unsnooze says what was there', async () => {
    const p = prefix();
    const snoozes = new Snoozes(redis, p, (v) => parseStored(z.object({ until: z.number() }), v));
    await snoozes.snooze('urn:a', { until: 5 });
    await snoozes.snooze('urn:b', { until: 6 });
    expect(await redis.hget(`${p}:alerts:snoozes`, 'urn:a')).toBe('{"until":5}');
    expect(await snoozes.snoozes()).toEqual({ 'urn:a': { until: 5 }, 'urn:b': { until: 6 } });
    expect(await snoozes.unsnooze('urn:a')).toEqual({ until: 5 });
    expect(await snoozes.unsnooze('urn:a')).toBeUndefined();
    await snoozes.dropSnoozes(['urn:b']);
    await snoozes.dropSnoozes([]);
    expect(await snoozes.snoozes()).toEqual({});
  });

  it('caches Slack ids under `user:<email>`, lower-cased, `-` for no such user', async () => {
    const p = prefix();
    const users = new SlackUserCache(redis, p);
    expect(await users.cachedUser('Ann@X.io')).toBeUndefined();
    await users.cacheUser('Ann@X.io', 'U1', 60_000);
    await users.cacheUser('nobody@x.io', null, 60_000);
    expect(await redis.get(`${p}:alerts:user:ann@x.io`)).toBe('U1');
    expect(await redis.get(`${p}:alerts:user:nobody@x.io`)).toBe('-');
    expect(await users.cachedUser('ann@x.io')).toBe('U1');
    expect(await users.cachedUser('Nobody@x.io')).toBeNull();
  });
});

describe('AlertStore composes them', () => {
  it('the planner’s lock is `<prefix>:alerts:plan-lock`, released by its holder only', async () => {
    const p = prefix();
    const store = new AlertStore(redis, p);
    expect(await store.lock('t1', 10_000)).toBe(true);
    expect(await store.lock('t2', 10_000)).toBe(false);
    expect(await redis.get(`${p}:alerts:plan-lock`)).toBe('t1');
    await store.unlock('t2');
    expect(await redis.get(`${p}:alerts:plan-lock`)).toBe('t1');
    await store.unlock('t1');
    expect(await redis.exists(`${p}:alerts:plan-lock`)).toBe(0);
  });

  it('a commit for a cycle writes its states and marks it planned in one transaction', async () => {
    const p = prefix();
    const store = new AlertStore(redis, p);
    await redis.hset(`${p}:alerts:stage:c9`, '0', '{}');
    await redis.zadd(`${p}:alerts:cycles`, 1, 'c9');
    await store.commit({}, { k: 'a1' }, 'c9');
    expect(await store.live(['k'])).toEqual({ k: 'a1' });
    expect(await store.planned('c9')).toBe(true);
    expect(await redis.exists(`${p}:alerts:stage:c9`)).toBe(0);
    expect(await store.staleCycles(Date.now())).toEqual([]);
  });
});
