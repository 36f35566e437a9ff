import { ClientError, GraphQLClient } from 'graphql-request';
import type { Logger } from '../log.js';
import {
  answersOf,
  DEFAULT_WRITE_BATCH,
  type BatchOperation,
  type ItemAnswer,
  type PathError,
} from './batch-operation.js';
import { DataHubError, graphqlError, malformed, unauthorized, unreachable } from './errors.js';
import { createLimiter, DEFAULT_CONCURRENCY } from './limiter.js';
import { NotGraphQLError, refusingNonJson } from './not-graphql.js';
import { addSecret, redactText } from '../log.js';
import type { Operation } from './operation.js';
import { DEFAULT_LONG_READ_TIMEOUT_MS } from './long-read.js';
import { DEFAULT_RETRY, withRetries, type RetryPolicy } from './retry.js';
import { postProposals, type IngestFailure, type Proposal } from './ingest.js';

export interface DataHubClientOptions {
  /** GMS base URL (`DATAHUB_GMS_URL`); `/api/graphql` is appended. */
  url: string;
  token?: string;
  timeoutMs?: number;
  /** The time limit of a long read (an operation marked `long`: a model's whole reach, a walk below it). */
  longReadTimeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  /** Requests in flight at once, at most (`datahub.concurrency`); more wait their turn. */
  concurrency?: number;
  /** Writes of one kind sent in one request, at most (`datahub.writeBatch`). */
  writeBatch?: number;
  logger?: Logger;
}

export interface DataHubClient {
  readonly url: string;
  request<Vars, Data>(op: Operation<Vars, Data>, variables: Vars): Promise<Data>;
  /**
   * Many writes of one kind in one request, each under its own alias: each write's own answer, in order. A failure of
   * the whole request (after the retries `request` would make) throws.
   */
  requestEach<Vars, Data>(op: BatchOperation<Vars, Data>, items: Vars[]): Promise<ItemAnswer<Data>[]>;
  /**
   * Aspects upserted at urns Janus chose, through GMS's ingestion endpoint (ingest.ts), all in one request. An upsert
   * at a fixed urn repeats safely, so it is retried as an idempotent write. Throws a DataHubError when it fails.
   */
  ingest(name: string, proposals: Proposal[]): Promise<void>;
  /** Requests sent (attempts, including retries), by operation name. */
  readonly sent: Record<string, number>;
  /** Writes per request, at most. */
  readonly writeBatch: number;
  /** Requests in flight at once, at most. */
  readonly concurrency: number;
  /** How requests are retried; batched writes retry a failed write the same way. */
  readonly retry: RetryPolicy;
}

/** Failures where the request never reached DataHub: safe to retry even for a write that is not idempotent. */
const NEVER_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

export function createDataHubClient(options: DataHubClientOptions): DataHubClient {
  const url = `${options.url.replace(/\/+$/, '')}/api/graphql`;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const longReadTimeoutMs = Math.max(timeoutMs, options.longReadTimeoutMs ?? DEFAULT_LONG_READ_TIMEOUT_MS);
  const policy = { ...DEFAULT_RETRY, ...options.retry };
  if (options.token) addSecret(options.token);
  const gql = new GraphQLClient(url, {
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    fetch: refusingNonJson((input, init) => fetch(input, init)),
  });
  const sent: Record<string, number> = {};
  // Each attempt takes a slot, and gives it back before a retry's backoff.
  const slots = createLimiter(options.concurrency ?? DEFAULT_CONCURRENCY);

  /** Sends a document, retrying as `idempotent` allows. With `partial`, a 200 whose errors each name a field is an answer. */
  async function send(
    name: string,
    document: string,
    variables: Record<string, unknown>,
    idempotent: boolean,
    partial: boolean,
    long = false,
  ) {
    const log = options.logger?.child({ operation: name });
    let failed: DataHubError | undefined;
    return withRetries(
      async (attempt): Promise<{ data: unknown; errors: readonly PathError[] }> => {
        sent[name] = (sent[name] ?? 0) + 1;
        // the failure itself is said once, by whoever gets the error: here only what kind it was
        if (attempt > 0)
          log?.warn({ attempt, after: failed?.code, status: failed?.status }, 'retrying DataHub request');
        try {
          // the time limit starts once the request has its slot
          const run = () =>
            gql.request<unknown>({
              document,
              variables,
              signal: AbortSignal.timeout(long ? longReadTimeoutMs : timeoutMs),
            });
          return { data: await slots.run(run), errors: [] };
        } catch (err) {
          if (partial && err instanceof ClientError && fieldErrors(err))
            return { data: err.response.data ?? null, errors: err.response.errors! };
          throw (failed = toDataHubError(name, err));
        }
      },
      (err) => classify(err as DataHubError & { retryable?: RetryKind }, idempotent, long),
      policy,
    );
  }

  async function request<Vars, Data>(op: Operation<Vars, Data>, variables: Vars): Promise<Data> {
    const { data } = await send(
      op.name,
      op.document,
      variables as Record<string, unknown>,
      op.idempotent,
      false,
      op.long === true,
    );
    const parsed = op.schema.safeParse(data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw malformed(op.name, `${issue.path.join('.') || 'data'}: ${issue.message}`);
    }
    return parsed.data;
  }

  async function requestEach<Vars, Data>(op: BatchOperation<Vars, Data>, items: Vars[]): Promise<ItemAnswer<Data>[]> {
    if (!items.length) return [];
    const { data, errors } = await send(op.name, op.document(items.length), op.variables(items), op.idempotent, true);
    if (data !== null && (typeof data !== 'object' || Array.isArray(data)))
      throw malformed(op.name, 'data: expected an object');
    return answersOf(op as BatchOperation<unknown, Data>, items.length, data as Record<string, unknown> | null, errors);
  }

  async function ingest(name: string, proposals: Proposal[]): Promise<void> {
    if (!proposals.length) return;
    await withRetries(
      async () => {
        sent[name] = (sent[name] ?? 0) + 1;
        await slots.run(() => postProposals(options.url, options.token, name, proposals, timeoutMs));
      },
      (err) => classify(err as IngestFailure, true, false),
      policy,
    );
  }

  const writeBatch = options.writeBatch ?? DEFAULT_WRITE_BATCH;
  if (!Number.isInteger(writeBatch) || writeBatch < 1)
    throw new RangeError(`writeBatch must be a whole number >= 1, got ${writeBatch}`);
  return {
    url: options.url,
    request,
    requestEach,
    ingest,
    sent,
    writeBatch,
    concurrency: options.concurrency ?? DEFAULT_CONCURRENCY,
    retry: policy,
  };
}

/** A 200 whose every error names the field it comes from: GMS answered each field (the others have their data). */
const fieldErrors = (err: ClientError): boolean =>
  err.response.status === 200 && !!err.response.errors?.length && err.response.errors.every((e) => !!e.path?.length);

type RetryKind = 'never-sent' | 'ambiguous' | 'throttled' | 'timed-out';

function toDataHubError(operation: string, err: unknown): DataHubError & { retryable?: RetryKind; afterMs?: number } {
  // an HTML wall will not turn into GraphQL on a retry
  if (err instanceof NotGraphQLError) return malformed(operation, redactText(err.message));
  if (err instanceof ClientError) {
    const { status, errors } = err.response;
    if (status === 401) return unauthorized(operation);
    if (status === 429 || status === 503)
      return Object.assign(graphqlError(operation, `HTTP ${status}`, status), { retryable: 'throttled' as const });
    if (status >= 500)
      return Object.assign(graphqlError(operation, `HTTP ${status}`, status), { retryable: 'ambiguous' as const });
    if (errors?.length) {
      const first = errors[0]!;
      const code = (first.extensions as { code?: unknown } | undefined)?.code;
      return graphqlError(
        operation,
        redactText(errors.map((e) => e.message).join('; ')),
        typeof code === 'number' ? code : status === 200 ? undefined : status,
      );
    }
    return graphqlError(operation, `HTTP ${status}`, status);
  }
  const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e.name === 'TimeoutError' || e.name === 'AbortError')
    return Object.assign(unreachable(operation, 'timed out'), { retryable: 'timed-out' as const });
  const code = e.cause?.code;
  if (e.name === 'TypeError' && (code || /fetch failed/.test(e.message ?? ''))) {
    return Object.assign(unreachable(operation, code ?? e.cause?.message ?? 'network error'), {
      retryable: code && NEVER_SENT.has(code) ? ('never-sent' as const) : ('ambiguous' as const),
    });
  }
  // A body that is not a GraphQL response (not JSON, or no data/errors).
  return Object.assign(malformed(operation, quoted(redactText(e.message ?? String(err)))), {
    retryable: 'ambiguous' as const,
  });
}

/** An error text that may quote a whole answer, cut to what a person reads. */
function quoted(text: string): string {
  return text.length > 400 ? `${text.slice(0, 400)}… (${text.length.toLocaleString('en-US')} characters)` : text;
}

function classify(
  err: { retryable?: RetryKind; afterMs?: number },
  idempotent: boolean,
  long: boolean,
): { retry: boolean; afterMs?: number } {
  switch (err.retryable) {
    case 'timed-out':
      // a long read that ran out of time would only make DataHub do the same work again
      return { retry: idempotent && !long };
    case 'never-sent':
    case 'throttled':
      return { retry: true, afterMs: err.afterMs };
    case 'ambiguous':
      return { retry: idempotent };
    default:
      return { retry: false };
  }
}
