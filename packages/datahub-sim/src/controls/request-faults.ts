import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import { GRAPHQL_CONTENT_TYPE, sendSpringError, sendText, sendThrottled } from '../http/responses.js';
import type { FaultKind } from './faults.js';
import type { StatsCounter } from './stats.js';
import { THROTTLE_MESSAGE, type Throttle } from './throttle.js';

export interface RequestFaultOptions {
  /** `--latency-ms`: a fixed delay before each /api/graphql request is answered. */
  latencyMs: number;
  /** `--fail-rate` and `--fault`: the failure this request gets, if any. */
  pickFault: () => FaultKind | null;
  /** Requests planted to be throttled (`/__sim/throttle`). */
  throttle: Throttle;
  stats: StatsCounter;
  logger: Logger;
  /** Aborted when the server closes, so delayed requests stop waiting. */
  closing: AbortSignal;
}

/**
 * The configured latency, then the injected failure of one /api/graphql request: true when the request is done
 * with (answered with its fault, never to be answered, or the server closing), false when it goes on.
 */
export async function delayOrFail(
  res: ServerResponse,
  path: string,
  now: () => number,
  opts: RequestFaultOptions,
): Promise<boolean> {
  if (opts.latencyMs > 0) {
    try {
      await sleep(opts.latencyMs, undefined, { signal: opts.closing });
    } catch {
      return true; // the server is closing; its connections are being destroyed
    }
  }
  const throttled = opts.throttle.take();
  const fault = throttled !== undefined ? '429' : opts.pickFault();
  if (!fault) return false;
  opts.stats.fault(fault);
  opts.logger.debug({ fault }, 'injected fault');
  if (fault === 'timeout') return true; // never answered: the client gives up, or close() drops the connection
  if (fault === '429') sendThrottled(res, throttled ?? 1, THROTTLE_MESSAGE);
  else if (fault === 'malformed') sendText(res, 200, '{"data": {"__sim": "malformed', GRAPHQL_CONTENT_TYPE);
  else sendSpringError(res, 500, path, now());
  return true;
}
