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
  /** When set, /api/graphql and /aspects require `Authorization: Bearer <token>`. */
  token?: string;
  logger?: Logger;
  now?: () => number;
}

export interface RunningSim {
  url: string;
  port: number;
  store: Store;
  loadReport: LoadReport;
  stats(): Stats;
  resetStats(): void;
  /** Write failures planted for tests (also through `/__sim/write-faults`). */
  writeFaults: WriteFaults;
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
  const graphql: GraphQLRouteOptions = {
    context: makeContext(store, { now, writeFaults }),
    token: opts.token,
    latencyMs,
    pickFault,
    stats,
    logger,
    closing: closing.signal,
  };

  const ingest: IngestRouteOptions = { store, token: opts.token, stats, now };

  const controls = controlRoutes(stats, store, writeFaults);
  const route = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://sim');
    const path = url.pathname;
    if (path === '/api/graphql') return handleGraphQL(req, res, path, graphql);
    if (path === '/aspects') return handleIngest(req, res, url, ingest);
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
    store,
    loadReport,
    stats: () => stats.snapshot(),
    resetStats: () => stats.reset(),
    writeFaults,
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
