import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judgeModel } from '../../src/app/judge-model.js';
import { judgePolicy } from '../../src/config/index.js';
import { judgeSchema } from '../../src/config/judge.js';
import { createDataHubClient } from '../../src/datahub/client.js';
import { createLogger } from '../../src/log.js';
import { reportPath } from '../../src/core/links.js';
import type { ReportIncident } from '../../src/html-report/index.js';
import { createJanusServer, listen, type JanusServerDeps, type Listening } from '../../src/server/index.js';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { DEMO } from '@janus/datahub-sim/demo';
import { demoScore } from '../support/demo-verdicts.js';

const policy = judgePolicy(judgeSchema.parse({}));
const logger = createLogger({ level: 'silent' });
const FRAUD = 'urn:li:mlModel:(urn:li:dataPlatform:mlflow,fraud_detector_v4,PROD)';

let sim: RunningSim;
const started: Listening[] = [];

/** A Janus server over real HTTP, judging through a real client against `url`. */
async function serve(url: string, extra: Partial<JanusServerDeps> = {}, clientOptions = {}): Promise<string> {
  const client = createDataHubClient({ url, ...clientOptions });
  const janus = createJanusServer({ judge: (ref) => judgeModel({ client, policy }, ref), logger, ...extra });
  const running = await listen(janus.server, 0, '127.0.0.1');
  started.push(running);
  return running.url;
}

beforeAll(async () => {
  sim = await startSim({ demo: true, port: 0 });
});
afterAll(async () => {
  await Promise.all(started.map((s) => s.close()));
  await sim.close();
});

describe('janus serve, over HTTP against the simulator', () => {
  let base: string;
  beforeAll(async () => {
    base = await serve(sim.url);
  });

  it('serves the live report of a model by urn: score, band and the lineage picture', async () => {
    const res = await fetch(`${base}${reportPath(FRAUD)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await res.text();
    expect(html).toContain(`<span class="score-value">${demoScore('fraud')}</span>`);
    expect(html).toContain('<span class="band" data-band="at_risk">At risk</span>');
    expect(html).toContain('<svg xmlns="http://www.w3.org/2000/svg" class="lineage"');
    // The leak's column chain, drawn from the real lineage.
    for (const label of ['chargeback_at', 'days_to_chargeback', 'is_fraud']) expect(html).toContain(`>${label}</text>`);
    expect(html).toContain('>shared ancestor</text>');
  });

  it('serves it by name too', async () => {
    const res = await fetch(`${base}/reports/fraud_detector_v4`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`<code>${FRAUD}</code>`);
  });

  it('answers an unknown model with 404 and a page that says so', async () => {
    const byName = await fetch(`${base}/reports/fraud_detector_v9000`);
    expect(byName.status).toBe(404);
    const html = await byName.text();
    expect(html).toContain('<h1>No such model</h1>');
    expect(html).toContain('closest: fraud_detector_v4');
    const byUrn = await fetch(`${base}${reportPath('urn:li:mlModel:(urn:li:dataPlatform:mlflow,nope,PROD)')}`);
    expect(byUrn.status).toBe(404);
  });

  it('answers other paths, methods and bad encodings clearly', async () => {
    expect((await fetch(`${base}/`)).status).toBe(404);
    expect((await fetch(`${base}/reports/`)).status).toBe(404);
    expect((await fetch(`${base}/reports/%E0%A4%A`)).status).toBe(400);
    const post = await fetch(`${base}/reports/fraud_detector_v4`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    const head = await fetch(`${base}${reportPath(FRAUD)}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(1000);
    expect(await head.text()).toBe('');
  });

  it('answers /healthz', async () => {
    const res = await fetch(`${base}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('exposes request counts, durations and Node metrics on /metrics', async () => {
    await fetch(`${base}/reports/fraud_detector_v4`);
    await fetch(`${base}/healthz`);
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    const count = (labels: string) =>
      Number(new RegExp(`^janus_http_requests_total\\{${labels}\\} (\\d+)$`, 'm').exec(text)?.[1]);
    expect(count('route="reports",method="GET",status="200"')).toBeGreaterThanOrEqual(3);
    expect(count('route="reports",method="GET",status="404"')).toBeGreaterThanOrEqual(2);
    expect(count('route="healthz",method="GET",status="200"')).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(
      /^janus_http_request_duration_seconds_bucket\{le="0\.005",route="reports",method="GET"\} \d+$/m,
    );
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });
});

describe('the report cache', () => {
  it('judges a model once for a burst of requests, and again once the cache has expired', async () => {
    let clock = 1_000_000;
    const base = await serve(sim.url, { cacheMs: 5000, now: () => clock });
    const reads = () => sim.stats().requests;
    const before = reads();
    const burst = await Promise.all([1, 2, 3].map(() => fetch(`${base}/reports/session_intent_v1`)));
    expect(burst.map((r) => r.status)).toEqual([200, 200, 200]);
    const once = reads() - before;
    expect(once).toBeGreaterThan(0);
    expect((await fetch(`${base}/reports/session_intent_v1`)).status).toBe(200);
    expect(reads() - before).toBe(once);
    clock += 5001;
    expect((await fetch(`${base}/reports/session_intent_v1`)).status).toBe(200);
    expect(reads() - before).toBe(2 * once);
  });
});

describe('open incidents', () => {
  const incident: ReportIncident = {
    urn: 'urn:li:incident:janus-1',
    key: 'upstream_failure:x',
    title: 'Janus: build_stg_sessions failed',
    state: 'ACTIVE',
    stage: 'TRIAGE',
    dataset: DEMO.datasets.stgSessions,
  };

  it('lists the incidents of the model the report is about', async () => {
    const asked: string[] = [];
    const base = await serve(sim.url, { incidents: async (urn) => (asked.push(urn), [incident]) });
    const html = await (await fetch(`${base}/reports/session_intent_v1`)).text();
    expect(asked).toEqual(['urn:li:mlModel:(urn:li:dataPlatform:mlflow,session_intent_v1,PROD)']);
    expect(html).toContain('Janus: build_stg_sessions failed');
  });

  it('still renders the report when incidents cannot be read', async () => {
    const base = await serve(sim.url, { incidents: () => Promise.reject(new Error('boom')) });
    const res = await fetch(`${base}/reports/session_intent_v1`);
    expect(res.status).toBe(200);
    expect(await res.text()).not.toContain('Open incidents');
  });
});

describe('when DataHub cannot be read', () => {
  it('answers 502 with a page that says DataHub failed', async () => {
    const gone = await startSim({ demo: true, port: 0 });
    await gone.close();
    const base = await serve(gone.url, {}, { retry: { retries: 0 }, timeoutMs: 2000 });
    const res = await fetch(`${base}/reports/fraud_detector_v4`);
    expect(res.status).toBe(502);
    const html = await res.text();
    expect(html).toContain('<h1>DataHub could not be read</h1>');
    expect(html).toContain('DataHub is unreachable');
    // The server itself stays up.
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });
});
