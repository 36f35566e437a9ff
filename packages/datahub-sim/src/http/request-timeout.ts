import type { ServerResponse } from 'node:http';
import { STATUS_CODES } from 'node:http';
import { sendText } from './responses.js';

/**
 * GMS runs /api/graphql asynchronously and gives up waiting after `DATAHUB_GMS_ASYNC_REQUEST_TIMEOUT_MS` (55 s
 * since v0.14.1): Spring's AsyncRequestTimeoutException, answered 503 while the request's work goes on (a write it
 * makes still lands). From v1.6.0 GlobalControllerExceptionHandler adds `Retry-After: 30` and says the work may
 * still complete (shared reference DATAHUB-API.md §0 "Request timeout"). ⚠ The v1.6 body's exact text is not
 * confirmed from DataHub's source; before v1.6 the body is Spring's error body (DefaultHandlerExceptionResolver).
 */
export const DEFAULT_REQUEST_TIMEOUT_MS = 55_000;
export const TIMEOUT_RETRY_AFTER_SECONDS = 30;

export interface RequestTimeout {
  ms: number;
  /** v1.6.0 and later: `Retry-After: 30` and a body that says the request may still complete. */
  retryAfterOn503: boolean;
}

/** The 503 a request still running after `ms` gets. */
export function sendTimedOut(res: ServerResponse, path: string, now: number, timeout: RequestTimeout): void {
  const body: Record<string, unknown> = { timestamp: now, status: 503, error: STATUS_CODES[503], path };
  if (!timeout.retryAfterOn503) return sendText(res, 503, JSON.stringify(body));
  body.message = 'Request timed out; it may still be processing in the background. Retry later.';
  sendText(res, 503, JSON.stringify(body), 'application/json', {
    'retry-after': String(TIMEOUT_RETRY_AFTER_SECONDS),
  });
}

/** Answers 503 when the request is still running after the timeout; the returned function stops the clock. */
export function startRequestClock(
  res: ServerResponse,
  path: string,
  now: () => number,
  timeout: RequestTimeout,
  onTimeout: () => void,
): () => void {
  const timer = setTimeout(() => {
    if (res.writableEnded || res.destroyed) return;
    onTimeout();
    sendTimedOut(res, path, now(), timeout);
  }, timeout.ms);
  timer.unref();
  return () => clearTimeout(timer);
}
