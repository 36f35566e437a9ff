/**
 * Rate limiting as GMS answers it when `RATE_LIMITS_ENABLED` throttles a request: HTTP 429 before anything runs,
 * with `Retry-After` in whole seconds and `{"error": <message>}` (GlobalControllerExceptionHandler
 * .handleThrottleException, for APIThrottleException). ⚠ The message text is not confirmed from DataHub's source.
 */
export const THROTTLE_MESSAGE = 'API throttled';

/** Requests to throttle, planted through `/__sim/throttle` (a random share comes from `--fault 429`). */
export class Throttle {
  private left = 0;
  private seconds = 1;

  plant(times: number, retryAfterSeconds: number): void {
    this.left = times;
    this.seconds = retryAfterSeconds;
  }

  /** The Retry-After seconds when this request is throttled, else undefined. */
  take(): number | undefined {
    if (this.left <= 0) return undefined;
    this.left--;
    return this.seconds;
  }

  get pending(): { times: number; retryAfterSeconds: number } {
    return { times: this.left, retryAfterSeconds: this.seconds };
  }
}

/** Reads `{times?, retryAfterSeconds?}` (defaults 1 and 1); a message when it is not that. */
export function parseThrottle(body: string): { times: number; retryAfterSeconds: number } | string {
  let value: unknown;
  try {
    value = JSON.parse(body || '{}');
  } catch {
    return 'expected a JSON object {times?, retryAfterSeconds?}';
  }
  const { times = 1, retryAfterSeconds = 1 } = (value ?? {}) as Record<string, unknown>;
  if (typeof times !== 'number' || !Number.isInteger(times) || times < 1) return 'times: expected a whole number >= 1';
  if (typeof retryAfterSeconds !== 'number' || !Number.isInteger(retryAfterSeconds) || retryAfterSeconds < 0)
    return 'retryAfterSeconds: expected a whole number >= 0';
  return { times, retryAfterSeconds };
}
