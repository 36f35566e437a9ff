export interface RetryPolicy {
  retries: number;
  /** First backoff in ms; doubles each attempt, with full jitter, capped at maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** The longest wait a `Retry-After` (429, 503) is honoured for; a longer one is cut to this. */
  maxRetryAfterMs?: number;
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/** GMS's own `Retry-After` on a timed-out request (v1.6): the longest wait Janus honours unless configured. */
export const MAX_RETRY_AFTER_MS = 30_000;

export const DEFAULT_RETRY: RetryPolicy = {
  retries: 3,
  baseDelayMs: 200,
  maxDelayMs: 3_000,
  maxRetryAfterMs: MAX_RETRY_AFTER_MS,
};

/**
 * A `Retry-After` header (whole seconds, or an HTTP date) as the wait in ms, capped at the policy's
 * `maxRetryAfterMs`; undefined when there is none or it cannot be read.
 */
export function retryAfterMs(header: string | null | undefined, p: RetryPolicy, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const text = header.trim();
  const ms = /^\d+$/.test(text) ? Number(text) * 1_000 : Date.parse(text) - now;
  if (!Number.isFinite(ms)) return undefined;
  return Math.min(Math.max(ms, 0), p.maxRetryAfterMs ?? MAX_RETRY_AFTER_MS);
}

export const backoffMs = (attempt: number, p: RetryPolicy): number =>
  Math.round((p.random ?? Math.random)() * Math.min(p.maxDelayMs, p.baseDelayMs * 2 ** attempt));

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `attempt` until it succeeds, throws a non-retryable error, or retries run out.
 * `classify` says whether an error may be retried (and may wait longer, e.g. Retry-After).
 */
export async function withRetries<T>(
  attempt: (n: number) => Promise<T>,
  classify: (err: unknown) => { retry: boolean; afterMs?: number },
  p: RetryPolicy,
): Promise<T> {
  for (let n = 0; ; n++) {
    try {
      return await attempt(n);
    } catch (err) {
      const { retry, afterMs } = classify(err);
      if (!retry || n >= p.retries) throw err;
      await (p.sleep ?? sleep)(Math.max(afterMs ?? 0, backoffMs(n, p)));
    }
  }
}
