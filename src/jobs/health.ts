import type { Redis } from 'ioredis';
import type { DataHubClient } from '../datahub/client.js';
import { pingCatalog } from '../datahub/read-catalog.js';
import type { ServiceState } from './service-state.js';

export interface HealthReport {
  status: 'ok' | 'degraded';
  redis: 'up' | 'down' | 'not configured';
  datahub: 'up' | 'down' | 'unknown';
  /** The last completed cycle (any process's): age in seconds, or null when none completed yet. */
  lastCycle?: { id: string; ageSeconds: number; stale: boolean } | null;
  problems: string[];
}

export interface HealthDeps {
  client: DataHubClient;
  redis?: Redis;
  state?: ServiceState;
  intervalMs: number;
  /** When this process started: a service younger than 3 intervals has no cycle to show yet. */
  startedAt: number;
  /** How long DataHub has to answer the probe before it counts as down (`server.healthTimeoutMs`). */
  probeTimeoutMs?: number;
  now?: () => number;
}

export const DEFAULT_HEALTH_TIMEOUT_MS = 2_000;
/** A probe's answer serves the /healthz requests of the next second: a hard poll probes DataHub once a second. */
const PROBE_REUSED_MS = 1_000;
const REDIS_ANSWER_MS = 1000;
const TIMED_OUT = Symbol('timed out');

function within<T>(ms: number, work: Promise<T>): Promise<T | undefined | typeof TIMED_OUT> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<typeof TIMED_OUT>((resolve) => (timer = setTimeout(() => resolve(TIMED_OUT), ms)));
  return Promise.race([work.catch(() => undefined), late]).finally(() => clearTimeout(timer));
}

/**
 * /healthz: each dependency by name, and the last cycle's age (stale past 3 intervals). DataHub is asked for one model,
 * given `probeTimeoutMs` and no retry; its answer is reused for a second, so what /healthz says of DataHub is never
 * older than that plus the probe's time limit (a stopped DataHub is `down` within seconds).
 */
export function serviceHealth(deps: HealthDeps): () => Promise<HealthReport> {
  const now = deps.now ?? Date.now;
  const timeoutMs = deps.probeTimeoutMs ?? DEFAULT_HEALTH_TIMEOUT_MS;
  let probed: { at: number; datahub: 'up' | 'down' } | undefined;
  let probing: Promise<void> | undefined;
  const probe = () =>
    (probing ??= (async () => {
      // the wall clock, not `now` (a test's clock for cycle ages): an answer is reused a real second at most
      const at = Date.now();
      const up = await pingCatalog(deps.client.within(AbortSignal.timeout(timeoutMs))).then(
        () => true,
        () => false,
      );
      probed = { at, datahub: up ? 'up' : 'down' };
    })().finally(() => (probing = undefined)));
  return async () => {
    if (!probed || Date.now() - probed.at > PROBE_REUSED_MS) await probe();
    const datahub = probed?.datahub ?? 'unknown';
    const problems: string[] = [];
    const redis: HealthReport['redis'] = !deps.redis ? 'not configured' : deps.redis.status === 'ready' ? 'up' : 'down';
    if (redis === 'down') problems.push(`Redis is not reachable (${deps.redis!.status})`);
    if (datahub === 'down')
      problems.push(
        `DataHub at ${deps.client.url} is not answering (a one-model read failed or took over ${timeoutMs / 1000} s)`,
      );
    let lastCycle: HealthReport['lastCycle'];
    if (deps.state && redis === 'up') {
      // the service's connection waits for Redis rather than failing: a health check must not wait with it
      const last = await within(REDIS_ANSWER_MS, deps.state.lastCycle());
      const limit = 3 * deps.intervalMs;
      if (last === TIMED_OUT) {
        problems.push(`Redis did not answer within ${REDIS_ANSWER_MS} ms`);
        return { status: 'degraded', redis: 'down', datahub, problems };
      }
      if (last) {
        const age = now() - last.at;
        lastCycle = { id: last.id, ageSeconds: Math.round(age / 1000), stale: age > limit };
        if (age > limit)
          problems.push(`the last completed cycle is ${Math.round(age / 1000)} s old (more than 3 intervals)`);
      } else {
        lastCycle = null;
        if (now() - deps.startedAt > limit) problems.push('no cycle has completed yet');
      }
    }
    return {
      status: problems.length ? 'degraded' : 'ok',
      redis,
      datahub,
      ...(lastCycle !== undefined ? { lastCycle } : {}),
      problems,
    };
  };
}
