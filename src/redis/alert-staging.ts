import type { ChainableCommander, Redis } from 'ioredis';
import { alertsKey, type ParseStored } from './parse.js';

/** How long a cycle's staged transitions are kept before they are planned (or given up). */
const STAGE_TTL_S = 86_400;

/**
 * A cycle's transitions, read and routed, waiting for the rest of the cycle: `<prefix>:alerts:stage:<cycle>` (hash:
 * index → staged transition), `:cycles` (zset of cycles staged, by time) and `:planned:<cycle>` once planned.
 */
export class AlertStaging<T> {
  private readonly key: (name: string) => string;

  constructor(
    private readonly redis: Redis,
    prefix: string,
    private readonly parse: ParseStored<T>,
  ) {
    this.key = alertsKey(prefix);
  }

  /** Stages one transition of a cycle; returns how many of the cycle's are staged now. */
  async stage(cycle: string, index: number, staged: T, at: number): Promise<number> {
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

  async staged(cycle: string): Promise<T[]> {
    const all = await this.redis.hgetall(this.key(`stage:${cycle}`));
    return Object.entries(all)
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([, v]) => this.parse(v))
      .filter((s): s is T => !!s);
  }

  async planned(cycle: string): Promise<boolean> {
    return (await this.redis.exists(this.key(`planned:${cycle}`))) === 1;
  }

  /** Cycles staged before `before` (ms) and not planned: one of their transitions never came. */
  async staleCycles(before: number): Promise<string[]> {
    return this.redis.zrangebyscore(this.key('cycles'), 0, before);
  }

  /** Queues on `tx` that the cycle was planned: its staged transitions go. */
  markPlanned(tx: ChainableCommander, cycle: string): void {
    tx.set(this.key(`planned:${cycle}`), '1', 'EX', STAGE_TTL_S);
    tx.del(this.key(`stage:${cycle}`));
    tx.zrem(this.key('cycles'), cycle);
  }
}
