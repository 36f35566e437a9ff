import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Registry } from 'prom-client';
import type { UpstreamGraph } from '../core/graph.js';
import type { Verdict } from '../core/verdict.js';
import { DataHubError } from '../datahub/errors.js';
import { UsageError } from '../errors.js';
import { redactText, type Logger } from '../log.js';
import { AT_RISK_PATH } from '../core/links.js';
import {
  atRiskPageHtml,
  errorPageHtml,
  modelReportHtml,
  type AtRiskRow,
  type ReportIncident,
} from '../html-report/index.js';
import { createMetrics, type RouteName } from './metrics.js';
import { createReportCache } from './report-cache.js';

export interface JanusServerDeps {
  /** The use case: the live verdict on a model, by urn or name (`judgeModel`). */
  judge: (ref: string) => Promise<{ verdict: Verdict; graph: UpstreamGraph }>;
  /** Janus's open incidents for a model urn; undefined (or a failure) renders the report without them. */
  incidents?: (modelUrn: string) => Promise<ReportIncident[] | undefined>;
  /** The models the last cycle did not trust, worst first (the verdict history): `/at-risk`; absent, no such page. */
  atRisk?: () => Promise<AtRiskRow[]>;
  logger: Logger;
  /** DataHub's web UI, for entity links in the report. */
  datahubUiUrl?: string;
  /** The instant the rules judge at (`judge.asOf`), when not the clock: the report says which acceptances ended. */
  judgedAt?: number;
  /** Other handlers mounted on this server (e.g. MCP over HTTP at `/mcp`): a path and everything under it. */
  mounts?: Mount[];
  /** What /healthz reports (the service's dependencies and last cycle); without it, the process is up. 503 unless `ok`. */
  health?: () => Promise<{ status: 'ok' | 'degraded' }>;
  /** Where the metrics go (the service adds its own to it); default a registry of the server's own. */
  registry?: Registry;
  /** How long a model's report is reused, in ms (0: judge on every request). Default 5000. */
  cacheMs?: number;
  now?: () => number;
}

export interface Mount {
  path: string;
  /** Its label in the metrics. */
  name: string;
  /** Answers the request itself; never throws. */
  handler: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
}

export interface JanusServer {
  /** Not listening yet: `listen()` (./listen.ts) starts it. */
  server: Server;
  metrics: Registry;
}

interface Report {
  verdict: Verdict;
  graph: UpstreamGraph;
  incidents?: ReportIncident[];
}

interface Answer {
  status: number;
  type: string;
  body: string;
  headers?: Record<string, string>;
}

const HTML = 'text/html; charset=utf-8';
/** The report page needs no script and nothing from the network: say so to the browser. */
const PAGE_HEADERS = {
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

/** Janus's HTTP server, side-effect free until listened on: `/reports/<model>`, `/at-risk`, `/healthz`, `/metrics`. */
export function createJanusServer(deps: JanusServerDeps): JanusServer {
  const metrics = createMetrics(deps.registry);
  const cache = createReportCache<Report>(deps.cacheMs ?? 5000, deps.now);
  const log = deps.logger;

  const report = async (ref: string): Promise<Answer> => {
    const { verdict, graph, incidents } = await cache.get(ref, () => loadReport(deps, ref));
    const html = modelReportHtml(verdict, {
      graph,
      ...(incidents ? { incidents } : {}),
      ...(deps.datahubUiUrl ? { datahubUiUrl: deps.datahubUiUrl } : {}),
      ...(deps.judgedAt !== undefined ? { judgedAt: deps.judgedAt } : {}),
    });
    return { status: 200, type: HTML, body: html };
  };

  const answer = async (route: RouteName, path: string): Promise<Answer> => {
    switch (route) {
      case 'healthz': {
        const health = deps.health ? await deps.health() : { status: 'ok' as const };
        return {
          status: health.status === 'ok' ? 200 : 503,
          type: 'application/json; charset=utf-8',
          // what it names (DataHub's address, an error's text) is shown to anyone who asks: no credentials
          body: `${redactText(JSON.stringify(health))}\n`,
          headers: { 'cache-control': 'no-store' },
        };
      }
      case 'metrics':
        return { status: 200, type: metrics.registry.contentType, body: await metrics.registry.metrics() };
      case 'reports': {
        const ref = decodeRef(path.slice('/reports/'.length));
        if (ref === undefined)
          return page(400, 'Bad model reference', 'The model in the address is not valid URL encoding.');
        if (!ref.trim()) return page(404, 'No model named', 'Ask for /reports/<model urn or name>.');
        return report(ref);
      }
      case 'at_risk':
        if (!deps.atRisk) return page(404, 'Not found', 'This Janus keeps no verdict history to list.');
        return { status: 200, type: HTML, body: atRiskPageHtml(await deps.atRisk()) };
      case 'not_found':
        return page(404, 'Not found', 'Janus serves /reports/<model urn or name>, /at-risk, /healthz and /metrics.');
    }
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const started = process.hrtime.bigint();
    const method = req.method ?? 'GET';
    const path = new URL(req.url ?? '/', 'http://janus.invalid').pathname;
    const mount = deps.mounts?.find((m) => path === m.path || path.startsWith(`${m.path}/`));
    if (mount) {
      res.on('finish', () =>
        metrics.observe(mount.name, method, res.statusCode, Number(process.hrtime.bigint() - started) / 1e9),
      );
      return void mount.handler(req, res);
    }
    const route = routeOf(path);
    const reply = (a: Answer) => {
      res.writeHead(a.status, {
        'content-type': a.type,
        'content-length': Buffer.byteLength(a.body),
        ...(a.type === HTML ? PAGE_HEADERS : {}),
        ...a.headers,
      });
      res.end(method === 'HEAD' ? undefined : a.body);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      metrics.observe(route, method, a.status, seconds);
      const quiet = route === 'healthz' || route === 'metrics';
      log[quiet ? 'debug' : 'info'](
        { method, route, path, status: a.status, ms: Math.round(seconds * 1000) },
        'request',
      );
    };
    const work: Promise<Answer> =
      method === 'GET' || method === 'HEAD'
        ? answer(route, path)
        : Promise.resolve({
            ...page(405, 'Method not allowed', 'Janus answers GET and HEAD.'),
            headers: { allow: 'GET, HEAD' },
          });
    work
      .catch((err: unknown) => failure(err, path, log))
      .then(reply, (err: unknown) => {
        log.error({ err }, 'could not answer');
        res.destroy();
      });
  });
  return { server, metrics: metrics.registry };
}

async function loadReport(deps: JanusServerDeps, ref: string): Promise<Report> {
  const { verdict, graph } = await deps.judge(ref);
  if (!deps.incidents) return { verdict, graph };
  const incidents = await deps.incidents(verdict.model.urn).catch((err: unknown) => {
    deps.logger.warn(
      { model: verdict.model.urn, err: err instanceof Error ? err.message : String(err) },
      'incidents not read; report rendered without them',
    );
    return undefined;
  });
  return { verdict, graph, ...(incidents ? { incidents } : {}) };
}

/** An unknown model is the asker's mistake (404); DataHub failing is the other side's (502). */
function failure(err: unknown, path: string, log: Logger): Answer {
  if (err instanceof UsageError) return page(404, 'No such model', err.message);
  if (err instanceof DataHubError) {
    log.warn({ path, code: err.code, operation: err.operation, err: err.message }, 'DataHub could not be read');
    return page(
      502,
      'DataHub could not be read',
      'Janus judges each report live from DataHub, and DataHub did not answer. Try again in a moment.',
      err.message,
    );
  }
  log.error({ path, err }, 'report failed');
  return page(500, 'Janus failed', 'Something went wrong rendering this report; the server log has the details.');
}

function routeOf(path: string): RouteName {
  if (path === '/healthz') return 'healthz';
  if (path === '/metrics') return 'metrics';
  if (path.startsWith('/reports/')) return 'reports';
  if (path === AT_RISK_PATH) return 'at_risk';
  return 'not_found';
}

function decodeRef(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

const page = (status: number, title: string, message: string, detail?: string): Answer => ({
  status,
  type: HTML,
  body: errorPageHtml(title, redactText(message), detail === undefined ? undefined : redactText(detail)),
});
