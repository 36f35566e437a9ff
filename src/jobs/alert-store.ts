import type { Redis } from 'ioredis';
import { AlertStaging } from '../redis/alert-staging.js';
import { AlertStates } from '../redis/alert-states.js';
import { AlertThreads } from '../redis/alert-threads.js';
import { ChannelPacing } from '../redis/channel-pacing.js';
import { RedisLocks } from '../redis/lock.js';
import { Snoozes } from '../redis/snoozes.js';
import { SlackUserCache } from '../redis/slack-user-cache.js';
import type { StagedAlert } from '../slack/alerts/plan-cycle.js';
import type { AlertState } from '../slack/alerts/types.js';
import { parseStored as parsed } from '../stored-json.js';
import {
  alertState,
  stagedAlert,
  snoozeEntry,
  snoozeEnded,
  snoozeTold,
  threadRecord,
  type SnoozeEnded,
  type SnoozeEntry,
  type SnoozeTold,
  type ThreadRecord,
} from './alert-payloads.js';

/** The planner's lock under the prefix (redis/lock.ts): `<prefix>:alerts:plan-lock`. */
const PLAN_LOCK = 'alerts:plan-lock';

/**
 * What the Slack alerts keep in Redis, under `<prefix>:alerts:` (apart from the `slack` queue's own keys), shared by
 * every process and surviving restarts: one store of `src/redis/` per concern, here given the alerts' own records
 * (the Slack types, the stored schemas of alert-payloads.ts):
 * - the planner's memory (`state`, `live`, `by-model`: redis/alert-states.ts) and its lock (`plan-lock`);
 * - a cycle's transitions staged until the whole cycle is in (`stage:<cycle>`, `planned:<cycle>`, `cycles`:
 *   redis/alert-staging.ts);
 * - delivery's threads (`threads`: redis/alert-threads.ts) and pacing per channel (`pace:<channel>`:
 *   redis/channel-pacing.ts);
 * - snoozes (`snoozes`, where each was announced `snooze-told`, those ended early still to say `snooze-ended`:
 *   redis/snoozes.ts) and the Slack ids found by email (`user:<email>`: redis/slack-user-cache.ts).
 */
export class AlertStore {
  private readonly alerts: AlertStates<AlertState>;
  private readonly staging: AlertStaging<StagedAlert>;
  private readonly locks: RedisLocks;
  private readonly threads: AlertThreads<ThreadRecord>;
  private readonly pacing: ChannelPacing;
  private readonly snoozed: Snoozes<SnoozeEntry>;
  private readonly told: Snoozes<SnoozeTold>;
  private readonly ended: Snoozes<SnoozeEnded>;
  private readonly users: SlackUserCache;

  constructor(
    readonly redis: Redis,
    prefix: string,
  ) {
    this.alerts = new AlertStates(redis, prefix, (v) => parsed(alertState, v) as AlertState | undefined);
    this.staging = new AlertStaging(redis, prefix, (v) => parsed(stagedAlert, v) as StagedAlert | undefined);
    this.locks = new RedisLocks(redis, prefix);
    this.threads = new AlertThreads(redis, prefix, (v) => parsed(threadRecord, v));
    this.pacing = new ChannelPacing(redis, prefix);
    this.snoozed = new Snoozes(redis, prefix, (v) => parsed(snoozeEntry, v));
    this.told = new Snoozes(redis, prefix, (v) => parsed(snoozeTold, v), 'snooze-told');
    this.ended = new Snoozes(redis, prefix, (v) => parsed(snoozeEnded, v), 'snooze-ended');
    this.users = new SlackUserCache(redis, prefix);
  }

  // --- the planner's state ---

  states(ids: string[]): Promise<Record<string, AlertState>> {
    return this.alerts.states(ids);
  }

  allStates(): Promise<AlertState[]> {
    return this.alerts.allStates();
  }

  live(keys: string[]): Promise<Record<string, string>> {
    return this.alerts.live(keys);
  }

  /** The open alerts listing each model. */
  byModel(models: string[]): Promise<Record<string, string[]>> {
    return this.alerts.byModel(models);
  }

  /** A plan's outcome at once: alert states, live index, and (for a cycle) that it was planned. */
  async commit(
    states: Record<string, AlertState>,
    live: Record<string, string | null>,
    cycle?: string,
    remove: string[] = [],
  ): Promise<void> {
    const tx = this.redis.multi();
    await this.alerts.write(tx, states, live, remove);
    if (cycle) this.staging.markPlanned(tx, cycle);
    await tx.exec();
  }

  // --- a cycle's transitions, staged until the whole cycle is in ---

  /** Stages one transition of a cycle; returns how many of the cycle's are staged now. */
  stage(cycle: string, index: number, staged: StagedAlert, at: number): Promise<number> {
    return this.staging.stage(cycle, index, staged, at);
  }

  staged(cycle: string): Promise<StagedAlert[]> {
    return this.staging.staged(cycle);
  }

  planned(cycle: string): Promise<boolean> {
    return this.staging.planned(cycle);
  }

  /** Cycles staged before `before` (ms) and not planned: one of their transitions never came. */
  staleCycles(before: number): Promise<string[]> {
    return this.staging.staleCycles(before);
  }

  /** One planner at a time, whichever process (redis/lock.ts). */
  lock(token: string, ms: number): Promise<boolean> {
    return this.locks.take(PLAN_LOCK, token, ms);
  }

  unlock(token: string): Promise<void> {
    return this.locks.release(PLAN_LOCK, token);
  }

  // --- delivery: threads and pacing ---

  thread(alert: string, channel: string): Promise<ThreadRecord | undefined> {
    return this.threads.thread(alert, channel);
  }

  setThread(alert: string, channel: string, rec: ThreadRecord): Promise<void> {
    return this.threads.setThread(alert, channel, rec);
  }

  /** 0 when the channel may get a message now (and it is taken for `gapMs`), else when it may (ms). */
  pace(channel: string, gapMs: number, now = Date.now()): Promise<number> {
    return this.pacing.pace(channel, gapMs, now);
  }

  /** No message to the channel before `until` (ms): Slack answered 429 with Retry-After. */
  hold(channel: string, until: number, now = Date.now()): Promise<void> {
    return this.pacing.hold(channel, until, now);
  }

  // --- snoozes ---

  snooze(urn: string, entry: SnoozeEntry): Promise<void> {
    return this.snoozed.snooze(urn, entry);
  }

  /** Removes a snooze; whether there was one. */
  unsnooze(urn: string): Promise<SnoozeEntry | undefined> {
    return this.snoozed.unsnooze(urn);
  }

  snoozes(): Promise<Record<string, SnoozeEntry>> {
    return this.snoozed.snoozes();
  }

  dropSnoozes(urns: string[]): Promise<void> {
    return this.snoozed.dropSnoozes(urns);
  }

  /** A snooze ended early (`/janus unsnooze`), for the timers to announce and to name on what it held. */
  snoozeEnded(urn: string, entry: SnoozeEnded): Promise<void> {
    return this.ended.snooze(urn, entry);
  }

  endedSnoozes(): Promise<Record<string, SnoozeEnded>> {
    return this.ended.snoozes();
  }

  dropEnded(urns: string[]): Promise<void> {
    return this.ended.dropSnoozes(urns);
  }

  /** Where each snooze was announced. */
  snoozesTold(): Promise<Record<string, SnoozeTold>> {
    return this.told.snoozes();
  }

  setTold(urn: string, told: SnoozeTold): Promise<void> {
    return this.told.snooze(urn, told);
  }

  dropTold(urns: string[]): Promise<void> {
    return this.told.dropSnoozes(urns);
  }

  // --- Slack ids found by email ---

  /** The Slack id cached for an email: a string, null (Slack knows no such user), undefined (not cached). */
  cachedUser(email: string): Promise<string | null | undefined> {
    return this.users.cachedUser(email);
  }

  cacheUser(email: string, id: string | null, ttlMs: number): Promise<void> {
    return this.users.cacheUser(email, id, ttlMs);
  }
}
