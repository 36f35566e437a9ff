import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { fail, ok, reason, skip, warn, within, type Check } from '../app/doctor/check.js';
import { bullOptions } from './connection.js';
import { CYCLE_SCHEDULER_ID, QUEUES } from './names.js';
import { ServiceState } from './service-state.js';

export interface RedisDoctorOptions {
  url?: string;
  prefix: string;
  /** `cycle.interval`: a last cycle older than three of them is stale. */
  intervalMs: number;
  now?: () => number;
}

const ANSWER_MS = 5_000;

/**
 * Redis, when set: reachable; `maxmemory-policy` is `noeviction` (BullMQ's keys evicted lose jobs); the cycle's
 * scheduler registered; the last cycle's age; each queue's depth and failures.
 */
export async function redisChecks(o: RedisDoctorOptions): Promise<Check[]> {
  if (!o.url) return [skip('redis', 'Redis', 'REDIS_URL is not set: no service, no history, no Slack alerts')];
  const redis = new Redis(o.url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => undefined); // said once, by the check
  try {
    try {
      await within(
        ANSWER_MS,
        redis.connect().then(() => redis.ping()),
        'Redis',
      );
    } catch (err) {
      return [
        fail('redis', 'reachable', reason(err), 'start Redis, or set REDIS_URL (redis://host:6379) to where it runs'),
      ];
    }
    const checks: Check[] = [ok('redis', 'reachable', 'PING answered')];
    checks.push(await evictionCheck(redis));
    checks.push(...(await serviceChecks(redis, o)));
    return checks;
  } finally {
    redis.disconnect();
  }
}

async function evictionCheck(redis: Redis): Promise<Check> {
  const name = 'maxmemory-policy';
  try {
    const [, policy] = (await redis.config('GET', 'maxmemory-policy')) as string[];
    if (policy === 'noeviction') return ok('redis', name, 'noeviction');
    return fail(
      'redis',
      name,
      `${policy}: when Redis fills up it may evict BullMQ's keys, and jobs are lost`,
      "set maxmemory-policy noeviction (CONFIG SET maxmemory-policy noeviction, and in redis.conf or your provider's settings)",
    );
  } catch (err) {
    return warn('redis', name, `could not read it (${reason(err)})`, "make sure your provider's policy is noeviction");
  }
}

async function serviceChecks(redis: Redis, o: RedisDoctorOptions): Promise<Check[]> {
  const queues = Object.values(QUEUES).map(
    (name) => new Queue(name, { connection: bullOptions(o.url!), prefix: o.prefix }),
  );
  try {
    const checks: Check[] = [];
    const scheduler = await queues[0]!.getJobScheduler(CYCLE_SCHEDULER_ID);
    checks.push(
      scheduler
        ? ok('redis', 'cycle scheduler', `registered, every ${Math.round(Number(scheduler.every ?? 0) / 1000)} s`)
        : warn(
            'redis',
            'cycle scheduler',
            'not registered: no janus serve has run on this Redis and prefix',
            'start janus serve (it registers the cycle)',
          ),
    );
    const last = await new ServiceState(redis, o.prefix).lastCycle();
    const now = (o.now ?? Date.now)();
    if (!last) checks.push(warn('redis', 'last cycle', 'no cycle has completed', 'start janus serve and a worker'));
    else {
      const age = Math.round((now - last.at) / 1000);
      checks.push(
        now - last.at > 3 * o.intervalMs
          ? warn(
              'redis',
              'last cycle',
              `${age} s ago: more than three intervals`,
              'check that a janus worker runs, and its logs',
            )
          : ok('redis', 'last cycle', `${age} s ago (${last.judged} judged, ${last.transitions} transitions)`),
      );
    }
    const counts = await Promise.all(queues.map((q) => q.getJobCounts('waiting', 'active', 'delayed', 'failed')));
    const depth = queues.map((q, i) => `${q.name} ${counts[i]!.waiting ?? 0}+${counts[i]!.active ?? 0}`).join(', ');
    const failed = queues.map((q, i) => [q.name, counts[i]!.failed ?? 0] as const).filter(([, n]) => n > 0);
    checks.push(
      failed.length
        ? warn(
            'redis',
            'queues',
            `${depth} waiting+active; failed: ${failed.map(([q, n]) => `${q} ${n}`).join(', ')}`,
            "read the workers' logs for why; BullMQ keeps failed jobs for inspection",
          )
        : ok('redis', 'queues', `${depth} waiting+active; none failed`),
    );
    return checks;
  } catch (err) {
    return [warn('redis', 'service', reason(err), 'check REDIS_URL and JANUS_REDIS_PREFIX')];
  } finally {
    await Promise.all(queues.map((q) => q.close()));
  }
}
