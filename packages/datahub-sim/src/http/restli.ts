import type { ServerResponse } from 'node:http';

/** Every Rest.li 2.0 response of GMS names the protocol version it speaks. */
const RESTLI_HEADERS = { 'content-type': 'application/json', 'x-restli-protocol-version': '2.0.0' };

function send(res: ServerResponse, status: number, body: unknown, extraHeaders: Record<string, string> = {}): void {
  if (res.destroyed || res.writableEnded) return;
  const bytes = Buffer.from(JSON.stringify(body), 'utf8');
  res.writeHead(status, { ...RESTLI_HEADERS, ...extraHeaders, 'content-length': bytes.length });
  res.end(bytes);
}

/** An action's return value, as Rest.li wraps it: `{"value": ...}`. */
export const sendRestliAction = (res: ServerResponse, value: unknown): void => send(res, 200, { value });

const EXCEPTION_CLASS = 'com.linkedin.restli.server.RestLiServiceException';

/**
 * Rest.li's error body for a `RestLiServiceException` (e.g. AspectResource's 422 for a `ValidationException`),
 * flagged by the `X-RestLi-Error-Response` header. The stack trace is cut to its first line.
 */
export function sendRestliError(res: ServerResponse, status: number, message: string): void {
  send(
    res,
    status,
    {
      exceptionClass: EXCEPTION_CLASS,
      stackTrace: `${EXCEPTION_CLASS} [HTTP Status:${status}]: ${message}`,
      message,
      status,
    },
    { 'x-restli-error-response': 'true' },
  );
}
