import { ClientError, GraphQLClient } from 'graphql-request';
import type { Logger } from '../log.js';
import { answersOf, type BatchOperation, type ItemAnswer, type PathError } from './batch-operation.js';
import { DataHubError, DeadlinePassedError, graphqlError, malformed, unauthorized, unreachable } from './errors.js';
import { createLimiter } from './limiter.js';
import { NotGraphQLError, refusingNonJson } from './not-graphql.js';
import { addSecret, redactText } from '../log.js';
import type { Operation } from './operation.js';
import { gmsAddress } from './gms-url.js';
import { forApi } from './version/api-generation.js';
import { readServerVersion, type ServerVersion } from './version/server-version.js';
import {
  DEFAULT_CONCURRENCY,
  DEFAULT_LONG_READ_TIMEOUT_MS,
  DEFAULT_WRITE_BATCH,
  MAX_REQUEST_DEADLINE_MS,
} from '../config/datahub-limits.js';
import { DEFAULT_RETRY, retryAfterMs, sleep, withRetries, type RetryPolicy } from './retry.js';
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
  /** The DataHub release, when known already (another client asked it): then not asked again. */
  serverVersion?: ServerVersion;
}

export interface DataHubClient {
  readonly url: string;
  request<Vars, Data>(op: Operation<Vars, Data>, variables: Vars): Promise<Data>;
  /**
   * A read GMS may answer in part: each field that failed is null in `data`, its error under its own `path` in
   * `errors` (DataHubDataFetcherExceptionHandler). An answer with an error that names no field throws, as `request`.
   */
  requestPartial<Vars, Data>(
    op: Operation<Vars, Data>,
    variables: Vars,
  ): Promise<{ data: Data; errors: readonly PathError[] }>;
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
  /**
   * The DataHub release it talks to, asked once (`GET /config`) before the first request and kept: each operation is
   * sent as that release's API takes it. Throws (exit 3) for a DataHub older than Janus supports.
   */
  serverVersion(): Promise<ServerVersion>;
  /**
   * This client (its slots, counters and DataHub release) for work that must end when `signal` aborts (a cycle's
   * deadline, a health probe): then a request in flight is aborted, a retry's wait cut short, and every request fails
   * at once with a DeadlinePassedError, never retried.
   */
  within(signal: AbortSignal): DataHubClient;
}

/** Failures where the request never reached DataHub: safe to retry even for a write that is not idempotent. */
const NEVER_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

export function createDataHubClient(options: DataHubClientOptions): DataHubClient {
  const address = gmsAddress(options.url);
  const url = `${address.url.replace(/\/+$/, '')}/api/graphql`;
  // every deadline below GMS's own 55 s: past it GMS answers 503, so a longer one could never be reached
  const timeoutMs = Math.min(options.timeoutMs ?? 10_000, MAX_REQUEST_DEADLINE_MS);
  const longReadTimeoutMs = Math.min(
    Math.max(timeoutMs, options.longReadTimeoutMs ?? DEFAULT_LONG_READ_TIMEOUT_MS),
    MAX_REQUEST_DEADLINE_MS,
  );
  const policy = { ...DEFAULT_RETRY, ...options.retry };
  if (options.token) addSecret(options.token);
  // a token wins over credentials written into the URL: GMS reads the bearer token, a proxy before it the rest
  const authorization = options.token ? `Bearer ${options.token}` : address.basicAuth;
  const gql = new GraphQLClient(url, {
    headers: authorization ? { authorization } : {},
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
    long: boolean,
    ends: AbortSignal | undefined,
  ) {
    const log = options.logger?.child({ operation: name });
    let failed: DataHubError | undefined;
    return withRetries(
      async (attempt): Promise<{ data: unknown; errors: readonly PathError[] }> => {
        if (ends?.aborted) throw new DeadlinePassedError(name);
        sent[name] = (sent[name] ?? 0) + 1;
        // the failure itself is said once, by whoever gets the error: here only what kind it was
        if (attempt > 0)
          log?.warn({ attempt, after: failed?.code, status: failed?.status }, 'retrying DataHub request');
        try {
          // the time limit starts once the request has its slot
          const run = () => {
            if (ends?.aborted) throw new DeadlinePassedError(name);
            return gql.request<unknown>({
              document,
              variables,
              signal: limit(long ? longReadTimeoutMs : timeoutMs, ends),
            });
          };
          return { data: await slots.run(run), errors: [] };
        } catch (err) {
          if (ends?.aborted) throw new DeadlinePassedError(name);
          if (partial && err instanceof ClientError && fieldErrors(err))
            return { data: err.response.data ?? null, errors: err.response.errors! };
          throw (failed = toDataHubError(name, err, policy));
        }
      },
      (err) => classify(err as DataHubError & { retryable?: RetryKind }, idempotent, long),
      ends ? { ...policy, sleep: cutShortBy(ends, policy.sleep ?? sleep) } : policy,
    );
  }

  // Asked once per client; a failure that may pass (DataHub unreachable) is asked again by the next request.
  let version: Promise<ServerVersion> | undefined = options.serverVersion && Promise.resolve(options.serverVersion);
  const serverVersion = (): Promise<ServerVersion> =>
    (version ??= readServerVersion({
      url: address.url,
      ...(authorization ? { authorization } : {}),
      timeoutMs,
      retry: policy,
      ...(options.logger ? { logger: options.logger } : {}),
    }).catch((err: unknown) => {
      if (!(err instanceof DataHubError && err.code === 'datahub.unsupported')) version = undefined;
      throw err;
    }));

  async function read<Vars, Data>(
    asked: Operation<Vars, Data>,
    variables: Vars,
    partial: boolean,
    ends: AbortSignal | undefined,
  ) {
    const op = forApi(asked, (await until(ends, asked.name, serverVersion())).api);
    const { data, errors } = await send(
      op.name,
      op.document,
      variables as Record<string, unknown>,
      op.idempotent,
      partial,
      op.long === true,
      ends,
    );
    const parsed = op.schema.safeParse(data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw malformed(op.name, `${issue.path.join('.') || 'data'}: ${issue.message}`);
    }
    return { data: parsed.data, errors };
  }

  async function requestEach<Vars, Data>(
    asked: BatchOperation<Vars, Data>,
    items: Vars[],
    ends: AbortSignal | undefined,
  ): Promise<ItemAnswer<Data>[]> {
    if (!items.length) return [];
    const op = forApi(asked, (await until(ends, asked.name, serverVersion())).api);
    const { data, errors } = await send(
      op.name,
      op.document(items.length),
      op.variables(items),
      op.idempotent,
      true,
      false,
      ends,
    );
    if (data !== null && (typeof data !== 'object' || Array.isArray(data)))
      throw malformed(op.name, 'data: expected an object');
    return answersOf(op as BatchOperation<unknown, Data>, items.length, data as Record<string, unknown> | null, errors);
  }

  async function ingest(name: string, proposals: Proposal[], ends: AbortSignal | undefined): Promise<void> {
    if (!proposals.length) return;
    await withRetries(
      async () => {
        if (ends?.aborted) throw new DeadlinePassedError(name);
        sent[name] = (sent[name] ?? 0) + 1;
        try {
          await slots.run(() => {
            if (ends?.aborted) throw new DeadlinePassedError(name);
            return postProposals(address.url, authorization, name, proposals, timeoutMs, ends);
          });
        } catch (err) {
          throw ends?.aborted ? new DeadlinePassedError(name) : err;
        }
      },
      (err) => classify(err as IngestFailure, true, false),
      ends ? { ...policy, sleep: cutShortBy(ends, policy.sleep ?? sleep) } : policy,
    );
  }

  const writeBatch = options.writeBatch ?? DEFAULT_WRITE_BATCH;
  if (!Number.isInteger(writeBatch) || writeBatch < 1)
    throw new RangeError(`writeBatch must be a whole number >= 1, got ${writeBatch}`);
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  const client = (ends?: AbortSignal): DataHubClient => ({
    url: address.url,
    request: async (op, variables) => (await read(op, variables, false, ends)).data,
    requestPartial: (op, variables) => read(op, variables, true, ends),
    requestEach: (op, items) => requestEach(op, items, ends),
    ingest: (name, proposals) => ingest(name, proposals, ends),
    sent,
    writeBatch,
    concurrency,
    retry: policy,
    serverVersion,
    within: (signal) => client(ends ? AbortSignal.any([ends, signal]) : signal),
  });
  return client();
}

/** `work`, given up (a DeadlinePassedError) when `ends` aborts first: the DataHub release asked before a request. */
function until<T>(ends: AbortSignal | undefined, operation: string, work: Promise<T>): Promise<T> {
  if (!ends) return work;
  if (ends.aborted) return Promise.reject(new DeadlinePassedError(operation));
  let stop!: () => void;
  const aborted = new Promise<never>((_, reject) =>
    ends.addEventListener('abort', (stop = () => reject(new DeadlinePassedError(operation))), { once: true }),
  );
  return Promise.race([work, aborted]).finally(() => ends.removeEventListener('abort', stop));
}

/** A request's own time limit, ended sooner by `ends` when given. */
const limit = (ms: number, ends: AbortSignal | undefined): AbortSignal =>
  ends ? AbortSignal.any([AbortSignal.timeout(ms), ends]) : AbortSignal.timeout(ms);

/** A retry's wait that ends early when `ends` aborts (the attempt after it then fails at once). */
function cutShortBy(ends: AbortSignal, wait: (ms: number) => Promise<void>): (ms: number) => Promise<void> {
  return (ms) => {
    if (ends.aborted) return Promise.resolve();
    let stop!: () => void;
    const aborted = new Promise<void>((resolve) =>
      ends.addEventListener('abort', (stop = () => resolve()), { once: true }),
    );
    return Promise.race([wait(ms), aborted]).finally(() => ends.removeEventListener('abort', stop));
  };
}

/** A 200 whose every error names the field it comes from: GMS answered each field (the others have their data). */
const fieldErrors = (err: ClientError): boolean =>
  err.response.status === 200 && !!err.response.errors?.length && err.response.errors.every((e) => !!e.path?.length);

/**
 * Why a failed request may be sent again: it never reached DataHub (`never-sent`), DataHub refused it before running
 * it (`throttled`: a 429), it may or may not have run (`ambiguous`: a 5xx, a broken connection), or Janus stopped
 * waiting (`timed-out`). A 503 is ambiguous: it is what GMS answers a request still running after 55 s, whose work,
 * a write included, goes on (GlobalControllerExceptionHandler).
 */
type RetryKind = 'never-sent' | 'ambiguous' | 'throttled' | 'timed-out';

function toDataHubError(
  operation: string,
  err: unknown,
  policy: RetryPolicy,
): DataHubError & { retryable?: RetryKind; afterMs?: number } {
  // an HTML wall will not turn into GraphQL on a retry
  if (err instanceof NotGraphQLError) return malformed(operation, redactText(err.message));
  if (err instanceof ClientError) {
    const { status, errors } = err.response;
    if (status === 401) return unauthorized(operation);
    if (status === 429 || status === 503) {
      const afterMs = retryAfterMs(err.response.headers?.get('retry-after'), policy);
      return Object.assign(graphqlError(operation, `HTTP ${status}`, status), {
        retryable: status === 429 ? ('throttled' as const) : ('ambiguous' as const),
        ...(afterMs !== undefined ? { afterMs } : {}),
      });
    }
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
      // a long read that ran out of time would only make DataHub do the same work again: its reader splits it
      return { retry: idempotent && !long };
    case 'never-sent':
    case 'throttled':
      return { retry: true, afterMs: err.afterMs };
    case 'ambiguous':
      // a write that may have landed is re-read before it is sent again (the write-back's guards), never resent here;
      // a long read answered 503 ran out of GMS's time: its reader splits it
      return { retry: idempotent && !(long && (err as { status?: number }).status === 503), afterMs: err.afterMs };
    default:
      return { retry: false };
  }
}
