import type { IncomingMessage, ServerResponse } from 'node:http';
import { STATUS_CODES } from 'node:http';

/** GMS's GraphQL controller produces this content type. */
export const GRAPHQL_CONTENT_TYPE = 'application/json;charset=utf-8';

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    const done = () => resolve(Buffer.concat(chunks).toString('utf8'));
    req.on('end', done);
    req.on('close', done); // a client that gives up mid-body: answer nothing useful, but do not hang
    req.on('error', reject);
  });
}

export function sendText(
  res: ServerResponse,
  status: number,
  body: string,
  contentType = 'application/json',
  headers: Record<string, string> = {},
): void {
  sendCounted(res, status, body, contentType, headers);
}

/** `sendText`, returning the body's bytes (0 when the connection is already gone). */
export function sendCounted(
  res: ServerResponse,
  status: number,
  body: string,
  contentType: string,
  headers: Record<string, string> = {},
): number {
  // an answer already sent (a request answered 503 by the request timeout while it ran): this one is dropped
  if (res.destroyed || res.writableEnded) return 0;
  // Encoded once: a lineage page of thousands of results is megabytes of text.
  const bytes = Buffer.from(body, 'utf8');
  res.writeHead(status, { ...headers, 'content-type': contentType, 'content-length': bytes.length });
  res.end(bytes);
  return bytes.length;
}

export const sendJson = (res: ServerResponse, status: number, value: unknown): void =>
  sendText(res, status, JSON.stringify(value));

/** A status with no body, as GMS answers a request body it cannot read (`new ResponseEntity<>(BAD_REQUEST)`). */
export function sendEmpty(res: ServerResponse, status: number): void {
  if (res.destroyed || res.writableEnded) return;
  res.writeHead(status, { 'content-length': 0 });
  res.end();
}

/**
 * The body Spring Boot's error handler renders when GMS calls `sendError` (auth filter, unsupported method,
 * unknown path, uncaught exception). Observed on a live GMS for a 401:
 * `{"timestamp":1785463655173,"status":401,"error":"Unauthorized","path":"/api/graphql"}`.
 */
export function sendSpringError(res: ServerResponse, status: number, path: string, now: number): void {
  sendJson(res, status, { timestamp: now, status, error: STATUS_CODES[status] ?? 'Error', path });
}

/** GMS's 429 (handleThrottleException): `Retry-After` in seconds and `{"error": message}`. */
export function sendThrottled(res: ServerResponse, retryAfterSeconds: number, message: string): void {
  sendText(res, 429, JSON.stringify({ error: message }), 'application/json', {
    'retry-after': String(retryAfterSeconds),
  });
}
