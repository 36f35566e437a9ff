import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judgeModel } from '../../src/app/judge-model.js';
import { judgePolicy } from '../../src/config/index.js';
import { judgeSchema } from '../../src/config/judge.js';
import { createDataHubClient } from '../../src/datahub/client.js';
import { DataHubError } from '../../src/datahub/errors.js';
import { UsageError } from '../../src/errors.js';
import { DEMO } from '@janus/datahub-sim/demo';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { fuzz, STACK_FRAME } from './support.js';
import { wallPage } from '../support/wall.js';

// The fuzz suite, DataHub surface (issue 20): a misbehaving DataHub in front of the simulator answers each request
// as the generated script says: the simulator's answer, or an HTML page, truncated JSON, a wrong shape, GraphQL
// errors, a 5xx, an empty body, or a slow answer past the client's timeout. Invariant: Janus returns a verdict or
// fails with a DataHub or usage error, in a few lines, without a stack trace; never anything else.
type Fault =
  | { kind: 'pass' }
  | { kind: 'html' }
  | { kind: 'truncate'; at: number }
  | { kind: 'shape'; data: unknown }
  | { kind: 'errors'; message: string }
  | { kind: 'status'; status: number }
  | { kind: 'empty' }
  | { kind: 'slow'; ms: number };

const fault: fc.Arbitrary<Fault> = fc.oneof(
  { weight: 8, arbitrary: fc.constant({ kind: 'pass' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'html' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('shape' as const), data: fc.jsonValue({ maxDepth: 3 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('errors' as const), message: fc.string({ maxLength: 300 }) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('status' as const),
      status: fc.constantFrom(500, 502, 503, 504, 429, 404, 401),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'empty' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('slow' as const), ms: fc.integer({ min: 0, max: 250 }) }) },
);

let sim: RunningSim;
let server: http.Server;
let url = '';
let script: Fault[] = [];
const TIMEOUT_MS = 150;

beforeAll(async () => {
  sim = await startSim({ demo: true, port: 0 });
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => void answer(req, body, res));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await sim.close();
});

async function answer(req: http.IncomingMessage, body: string, res: http.ServerResponse): Promise<void> {
  const f = script.shift() ?? { kind: 'pass' };
  const send = (status: number, type: string, text: string) => {
    if (res.destroyed) return;
    res.writeHead(status, { 'content-type': type });
    res.end(text);
  };
  const real = async () => {
    const r = await fetch(`${sim.url}${req.url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    return r.text();
  };
  switch (f.kind) {
    case 'pass':
      return send(200, 'application/json', await real());
    case 'html':
      return send(200, 'text/html; charset=utf-8', wallPage());
    case 'truncate': {
      const text = await real();
      return send(200, 'application/json', text.slice(0, f.at % Math.max(1, text.length)));
    }
    case 'shape':
      return send(200, 'application/json', JSON.stringify({ data: f.data }));
    case 'errors':
      return send(200, 'application/json', JSON.stringify({ errors: [{ message: f.message }], data: null }));
    case 'status':
      return send(f.status, 'text/plain', `status ${f.status}`);
    case 'empty':
      return send(200, 'application/json', '');
    case 'slow':
      await new Promise((r) => setTimeout(r, f.ms));
      return send(200, 'application/json', await real());
  }
}

const policy = judgePolicy(judgeSchema.parse({}));

describe('fuzz: a misbehaving DataHub', () => {
  it('every judgment ends in a verdict or a DataHub or usage error of a few lines, never a crash', async () => {
    const outcomes = { verdict: 0, datahub: 0, usage: 0 };
    await fuzz(
      'datahub answers',
      fc.asyncProperty(
        fc.array(fault, { minLength: 1, maxLength: 12 }),
        fc.constantFrom(DEMO.modelNames.fraud, DEMO.models.sessionIntent, 'churn_predictor_v2'),
        async (faults, model) => {
          script = [...faults];
          const client = createDataHubClient({
            url,
            timeoutMs: TIMEOUT_MS,
            retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 2 },
          });
          const outcome = await judgeModel({ client, policy }, model).then(
            ({ verdict }) => verdict,
            (e: unknown) => (e instanceof Error ? e : new Error(String(e))),
          );
          if (outcome instanceof Error) {
            expect(outcome instanceof DataHubError || outcome instanceof UsageError, String(outcome)).toBe(true);
            expect(outcome.message.length).toBeLessThan(outcome instanceof UsageError ? 4_000 : 1_200);
            expect(outcome.message).not.toMatch(STACK_FRAME);
            outcomes[outcome instanceof DataHubError ? 'datahub' : 'usage']++;
          } else {
            expect(outcome.score).toBeGreaterThanOrEqual(0);
            expect(outcome.score).toBeLessThanOrEqual(100);
            outcomes.verdict++;
          }
          // a slow answer the client gave up on may still be in flight: let it land before the next script
          await new Promise((r) => setTimeout(r, faults.some((f) => f.kind === 'slow' && f.ms > TIMEOUT_MS) ? 200 : 0));
          script = [];
        },
      ),
      700,
      90_000,
    );
    console.log(`datahub outcomes: ${JSON.stringify(outcomes)}`);
  }, 150_000);
});
