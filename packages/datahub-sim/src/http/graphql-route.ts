import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ExecutionResult } from 'graphql';
import type { Logger } from 'pino';
import type { SimContext } from '../schema/context.js';
import { runGraphQL, type GraphQLRequest } from '../schema/execute.js';
import { refusedByEngine } from '../schema/engine-errors.js';
import { delayOrFail, type RequestFaultOptions } from '../controls/request-faults.js';
import { StatsCounter, summarizeOperation } from '../controls/stats.js';
import { actingAs, type TokenTable } from '../auth/tokens.js';
import { setTimeout as sleep } from 'node:timers/promises';
import type { SlowAnswers } from '../controls/slow-answers.js';
import { operationNamed, type RequestLog } from '../controls/request-log.js';
import { startRequestClock, type RequestTimeout } from './request-timeout.js';
import { GRAPHQL_CONTENT_TYPE, readBody, sendCounted, sendEmpty, sendSpringError } from './responses.js';

export interface GraphQLRouteOptions extends RequestFaultOptions {
  context: SimContext;
  /** Who each request acts as, by its bearer token (an unknown token answers 401). */
  auth: TokenTable;
  stats: StatsCounter;
  logger: Logger;
  /** GMS's request timeout: a request still running after it is answered 503 (its work goes on). */
  timeout: RequestTimeout;
  /** Answers held back on purpose (`/__sim/slow-answers`). */
  slow: SlowAnswers;
  requestLog: RequestLog;
}

type ParsedBody = { request: GraphQLRequest } | { status: 400 | 500 };

/**
 * Reads the body the way GMS's GraphQLController does (Jackson): not JSON, not an object or no `query` key
 * → 400 with no body; any other `query` value is taken as text (`null` becomes "null"); variables that are not
 * an object fail the conversion to a map, which GMS does not catch (500).
 */
export function parseGraphQLBody(text: string): ParsedBody {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { status: 400 };
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json) || !('query' in json)) return { status: 400 };
  const body = json as Record<string, unknown>;
  const variables = body.variables ?? null;
  if (variables !== null && (typeof variables !== 'object' || Array.isArray(variables))) return { status: 500 };
  // graphql-java runs the first operation for an empty name; an empty name means "none" here too.
  const operationName =
    body.operationName == null || asText(body.operationName) === '' ? null : asText(body.operationName);
  return {
    request: { query: asText(body.query), operationName, variables: variables as Record<string, unknown> | null },
  };
}

/** Jackson's `JsonNode.asText()`: scalars as their text, containers as "". */
const asText = (v: unknown): string => (v !== null && typeof v === 'object' ? '' : String(v));

/** GMS serialises `ExecutionResult.toSpecification()`: errors first, then data when present. */
function specification(result: ExecutionResult): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (result.errors?.length) out.errors = result.errors;
  if ('data' in result) out.data = result.data;
  if (result.extensions) out.extensions = result.extensions;
  return out;
}

/** Answers one request to /api/graphql, with the configured latency, faults, token check and request timeout. */
export async function handleGraphQL(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  opts: GraphQLRouteOptions,
) {
  opts.stats.request();
  const at = Date.now();
  let text = '';
  res.once('finish', () => opts.requestLog.add({ at, operation: operationNamed(text), status: res.statusCode }));
  const stop = startRequestClock(res, path, opts.context.now, opts.timeout, () =>
    opts.logger.debug('request timed out: answered 503, its work goes on'),
  );
  try {
    text = await readBody(req);
    await answerGraphQL(req, res, path, text, opts);
  } finally {
    stop();
  }
}

async function answerGraphQL(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  text: string,
  opts: GraphQLRouteOptions,
) {
  const { stats, logger, context } = opts;
  if (await delayOrFail(res, path, context.now, opts)) return;
  const identity = opts.auth.identify(req);
  if (!identity) return sendSpringError(res, 401, path, context.now());
  // GMS answers GET with HttpRequestMethodNotSupportedException; other methods also have no handler here.
  if (req.method !== 'POST') return sendSpringError(res, 405, path, context.now());

  const parsed = parseGraphQLBody(text);
  if ('status' in parsed) {
    return parsed.status === 400 ? sendEmpty(res, 400) : sendSpringError(res, 500, path, context.now());
  }
  const { request } = parsed;
  let result: ExecutionResult;
  try {
    result = await runGraphQL(request, actingAs(context, identity));
  } catch (error) {
    logger.error({ err: error }, 'graphql execution failed');
    return sendSpringError(res, 500, path, context.now());
  }
  const summary = summarizeOperation(request.query, request.operationName, request.variables);
  if (summary && 'data' in result && !refusedByEngine(result)) stats.executed(summary, result);
  const hold = summary ? opts.slow.holdFor(summary.rootFields.map((f) => f.name)) : 0;
  if (hold > 0) await sleep(hold, undefined, { signal: opts.closing }).catch(() => undefined);
  let body: string;
  try {
    body = JSON.stringify(specification(result));
  } catch {
    return sendEmpty(res, 503); // GMS: the result could not be serialised
  }
  logger.debug({ operation: summary?.name, errors: result.errors?.length ?? 0 }, 'graphql request');
  stats.responded(sendCounted(res, 200, body, GRAPHQL_CONTENT_TYPE));
}
