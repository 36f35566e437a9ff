import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino, { type Logger } from 'pino';
import { makeContext } from '../schema/context.js';
import { demoCatalog } from '../demo/index.js';
import { faultPicker } from '../controls/faults.js';
import { handleGraphQL, type GraphQLRouteOptions } from './graphql-route.js';
import { handleIngest, type IngestRouteOptions } from './ingest-route.js';
import { sendSpringError } from './responses.js';
import { loadFiles, loadRecords, type LoadReport } from '../loaders/index.js';
import { StatsCounter, type Stats } from '../controls/stats.js';
import { Store } from '../store/store.js';
import { WriteFaults } from '../controls/write-faults.js';
import { controlRoutes } from '../controls/routes.js';
import { sendConfig } from './config-route.js';
import { REPORTED_VERSION, type DataHubRelease } from '../release/releases.js';
import { TokenTable, type TokenSpec } from '../auth/tokens.js';
import { LineageSearchCache } from '../lineage/lineage-search-cache.js';
import { FieldFaults } from '../controls/field-faults.js';
import { SlowAnswers } from '../controls/slow-answers.js';
import { Throttle } from '../controls/throttle.js';
import { RequestLog, type LoggedRequest } from '../controls/request-log.js';
import { DEFAULT_REQUEST_TIMEOUT_MS } from './request-timeout.js';

export interface SimOptions {
  /** DataHub metadata files or folders to load, in order. */
  catalogs?: string[];
  /** Records in DataHub file format, loaded after the catalogs. */
  records?: unknown[];
  /** Load the bundled demo catalog first. */
  demo?: boolean;
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Fixed delay before answering each /api/graphql request. */
  latencyMs?: number;
  /**
   * How long a write takes to reach the search, graph and timeseries indexes (default 0: at once). Aspect reads see
   * it at once; lists (an entity's incidents, assertions, run events, relationships, lineage, search) only after
   * this. A real GMS takes 1-3 s (README, "Index lag").
   */
  indexLagMs?: number;
  /** Share of /api/graphql requests that fail (0..1). */
  failRate?: number;
  /** Fault kinds to choose from: '500', 'timeout', 'malformed' (default all). */
  faults?: string[];
  /** Seed of the fault sequence (default 1). */
  seed?: number;
  /** When set, /api/graphql and /aspects require `Authorization: Bearer <token>`; this token is an admin's. */
  /** Share of entity fields (those with a fetcher of their own) that fail as GMS fails one field (0..1, default 0). */
  fieldFailRate?: number;
  /** GMS's request timeout: a request still running after it is answered 503 (default 55,000 ms). */
  requestTimeoutMs?: number;
  /** GMS v1.6.0 and later: that 503 carries `Retry-After: 30` (default true: the current release). */
  retryAfterOn503?: boolean;
  /** When set, /api/graphql and /aspects require `Authorization: Bearer <token>`. */
  token?: string;
  /**
   * More tokens, each acting as its actor with its privileges (`auth/tokens.ts`); with any token configured, a
   * request without a known one answers 401. A mutation the token's privileges do not allow answers 403 as GMS does.
   */
  tokens?: Record<string, TokenSpec>;
  /** Run with GMS's lineage search cache, keeping answers this long (GMS: on, CACHE_TTL_SECONDS = 600 s). */
  lineageSearchCacheTtlMs?: number;
  logger?: Logger;
  now?: () => number;
  /** The DataHub release to be (`--datahub-version`): its schema, its resolvers' semantics, its `/config`. */
  datahubVersion?: DataHubRelease;
  /**
   * The version `GET /config` reports instead of the release's own, e.g. `v0.15.0` to try a client against an older
   * DataHub; `null`: no `/config` at all (404), as behind a proxy that passes only /api/graphql.
   */
  reportedVersion?: string | null;
}

export interface RunningSim {
  url: string;
  /** The DataHub release simulated. */
  datahubVersion: DataHubRelease;
  port: number;
  store: Store;
  loadReport: LoadReport;
  stats(): Stats;
  resetStats(): void;
  /** Write failures planted for tests (also through `/__sim/write-faults`). */
  writeFaults: WriteFaults;
  /** Field failures planted for tests (also through `/__sim/field-faults`). */
  fieldFaults: FieldFaults;
  /** Answers held back for tests (also through `/__sim/slow-answers`). */
  slowAnswers: SlowAnswers;
  /** Requests to throttle (429) for tests (also through `/__sim/throttle`). */
  throttle: Throttle;
  /** The last /api/graphql requests, oldest first: when each came, its operation and status (`/__sim/requests`). */
  requests(): LoggedRequest[];
  /** Stops listening and drops every open connection, including requests left hanging by a timeout fault. */
  close(): Promise<void>;
}

const EMPTY_REPORT: LoadReport = { files: 0, records: 0, applied: 0, errors: [], warnings: [] };

const combineReports = (a: LoadReport, b: LoadReport): LoadReport => ({
  files: a.files + b.files,
  records: a.records + b.records,
  applied: a.applied + b.applied,
  errors: [...a.errors, ...b.errors],
  warnings: [...a.warnings, ...b.warnings],
});

async function loadCatalog(store: Store, opts: SimOptions): Promise<LoadReport> {
  const reports: LoadReport[] = [];
  const options = opts.now ? { now: opts.now } : {};
  if (opts.demo) reports.push(loadRecords(store, demoCatalog(opts.now?.()), 'demo', options));
  if (opts.catalogs?.length) reports.push(await loadFiles(store, opts.catalogs, options));
  if (opts.records?.length) reports.push(loadRecords(store, opts.records, 'records', options));
  return reports.reduce(combineReports, EMPTY_REPORT);
}

/** Starts the DataHub simulator: GMS's GraphQL endpoint over an in-memory store, plus `/__sim/*` controls. */
export async function startSim(opts: SimOptions = {}): Promise<RunningSim> {
  const latencyMs = opts.latencyMs ?? 0;
  if (!(Number.isFinite(latencyMs) && latencyMs >= 0)) throw new RangeError(`latencyMs must be >= 0, got ${latencyMs}`);
  const pickFault = faultPicker({ failRate: opts.failRate, kinds: opts.faults, seed: opts.seed });
  const logger = opts.logger ?? pino({ level: 'silent' });
  const now = opts.now ?? Date.now;
  const store = new Store();
  const loadReport = await loadCatalog(store, opts);
  // the catalog loaded before start is indexed; every write from now on reaches the indexes late
  store.lagIndexes(opts.indexLagMs ?? 0);
  const stats = new StatsCounter();
  const closing = new AbortController();
  const writeFaults = new WriteFaults();
  const release = opts.datahubVersion ?? 'current';
  const reported = opts.reportedVersion === undefined ? REPORTED_VERSION[release] : opts.reportedVersion;
  const auth = new TokenTable({ token: opts.token, tokens: opts.tokens });
  const fieldFaults = new FieldFaults(opts.fieldFailRate, opts.seed);
  const slowAnswers = new SlowAnswers();
  const throttle = new Throttle();
  const requestLog = new RequestLog();
  const requestTimeoutMs = opts.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  if (!(Number.isInteger(requestTimeoutMs) && requestTimeoutMs >= 1))
    throw new RangeError(`requestTimeoutMs must be a whole number >= 1, got ${requestTimeoutMs}`);
  const graphql: GraphQLRouteOptions = {
    context: makeContext(store, {
      now,
      writeFaults,
      fieldFaults,
      release,
      ...(opts.lineageSearchCacheTtlMs
        ? { lineageSearchCache: new LineageSearchCache(opts.lineageSearchCacheTtlMs) }
        : {}),
    }),
    auth,
    latencyMs,
    pickFault,
    throttle,
    // from v1.6.0 GMS says when to come back (the current release is v1.6)
    timeout: { ms: requestTimeoutMs, retryAfterOn503: opts.retryAfterOn503 ?? release === 'current' },
    slow: slowAnswers,
    requestLog,
    stats,
    logger,
    closing: closing.signal,
  };

  const ingest: IngestRouteOptions = { store, auth, stats, now };

  const controls = controlRoutes(
    stats,
    store,
    { writeFaults, fieldFaults, slowAnswers, throttle, requestLog },
    release,
  );
  const route = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://sim');
    const path = url.pathname;
    if (path === '/api/graphql') return handleGraphQL(req, res, path, graphql);
    if (path === '/aspects') return handleIngest(req, res, url, ingest);
    if (path === '/config' && req.method === 'GET' && reported !== null) return sendConfig(res, reported);
    const control = controls[path];
    if (!control) return sendSpringError(res, 404, path, now());
    const answer = control[req.method ?? ''];
    if (!answer) return sendSpringError(res, 405, path, now());
    await answer(req, res);
  };
  const server = createServer((req, res) => {
    route(req, res).catch((err: unknown) => {
      logger.error({ err }, 'simulator request failed');
      sendSpringError(res, 500, req.url ?? '/', now());
    });
  });
  const host = opts.host ?? '127.0.0.1';
  const port = await listen(server, opts.port ?? 0, host);
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    datahubVersion: release,
    store,
    loadReport,
    stats: () => stats.snapshot(),
    resetStats: () => {
      stats.reset();
      requestLog.clear();
    },
    writeFaults,
    fieldFaults,
    slowAnswers,
    throttle,
    requests: () => requestLog.list(),
    close: () =>
      new Promise<void>((resolve) => {
        closing.abort();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}
