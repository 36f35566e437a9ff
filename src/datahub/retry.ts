export interface RetryPolicy {
  retries: number;
  /** First backoff in ms; doubles each attempt, with full jitter, capped at maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export const DEFAULT_RETRY: RetryPolicy = { retries: 3, baseDelayMs: 200, maxDelayMs: 3_000 };

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
