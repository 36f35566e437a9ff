import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** The routes Janus serves, as metric labels: never the raw path, so the label set stays small. */
export type RouteName = 'healthz' | 'metrics' | 'reports' | 'at_risk' | 'not_found';

export interface ServerMetrics {
  registry: Registry;
  /** `route`: one of Janus's routes, or a mounted handler's name. */
  observe(route: RouteName | string, method: string, status: number, seconds: number): void;
}

/** A registry of its own per server (tests run several), with Node's default process metrics. */
export function createMetrics(registry: Registry = new Registry()): ServerMetrics {
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'janus_http_requests_total',
    help: 'HTTP requests served, by route, method and status code',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'janus_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route (a report includes judging the model)',
    labelNames: ['route', 'method'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  return {
    registry,
    observe(route, method, status, seconds) {
      const m = ['GET', 'HEAD'].includes(method) ? method : 'OTHER';
      requests.inc({ route, method: m, status: String(status) });
      duration.observe({ route, method: m }, seconds);
    },
  };
}
