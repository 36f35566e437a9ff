import type { Redis } from 'ioredis';
import { alertsKey } from './parse.js';

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

/** One Slack message a gap per channel, across every process: `<prefix>:alerts:pace:<channel>` (next free time, ms). */
export class ChannelPacing {
  private readonly key: (channel: string) => string;

  constructor(
    private readonly redis: Redis,
    prefix: string,
  ) {
    const key = alertsKey(prefix);
    this.key = (channel) => key(`pace:${channel}`);
  }

  /** 0 when the channel may get a message now (and it is taken for `gapMs`), else when it may (ms). */
  async pace(channel: string, gapMs: number, now = Date.now()): Promise<number> {
    return Number(await this.redis.eval(PACE, 1, this.key(channel), now, gapMs));
  }

  /** No message to the channel before `until` (ms): Slack answered 429 with Retry-After. */
  async hold(channel: string, until: number, now = Date.now()): Promise<void> {
    await this.redis.eval(HOLD, 1, this.key(channel), until, now);
  }
}
