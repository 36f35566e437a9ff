import { describe, expect, it } from 'vitest';
import { startSim, type RunningSim, type SimOptions } from '../src/http/server.js';
import { useSims } from './support/running-sim.js';

const sim = useSims();

const QUERY = JSON.stringify({ query: 'query Exists { entityExists(urn: "urn:li:corpuser:nobody") }' });
const post = (s: RunningSim, signal?: AbortSignal) =>
  fetch(`${s.url}/api/graphql`, {
    method: 'POST',
    body: QUERY,
    headers: { 'content-type': 'application/json' },
    signal,
  });

type Outcome = 'ok' | '500' | 'timeout' | 'malformed' | '429' | `other ${number}`;

/** What a client sees: an answer, a 500, no answer within the timeout, or a body that is not JSON. */
async function outcome(s: RunningSim, timeoutMs = 250): Promise<Outcome> {
  let res: Response;
  let text: string;
  try {
    res = await post(s, AbortSignal.timeout(timeoutMs));
    text = await res.text();
  } catch {
    return 'timeout';
  }
  if (res.status === 500) return '500';
  if (res.status === 429) return '429';
  if (res.status !== 200) return `other ${res.status}`;
  try {
    JSON.parse(text);
    return 'ok';
  } catch {
    return 'malformed';
  }
}

async function outcomes(opts: SimOptions, n = 16): Promise<Outcome[]> {
  const s = await sim(opts);
  const seen: Outcome[] = [];
  for (let i = 0; i < n; i++) seen.push(await outcome(s));
  return seen;
}

describe('latency', () => {
  it('delays every /api/graphql answer by at least latencyMs', async () => {
    // 60 ms: well above a local answer's few ms, so an answer without the delay cannot pass
    const s = await sim({ latencyMs: 60 });
    for (const body of [QUERY, 'not json']) {
      const started = performance.now();
      await fetch(`${s.url}/api/graphql`, { method: 'POST', body });
      // Node timers may fire up to a millisecond early against performance.now().
      expect(performance.now() - started).toBeGreaterThanOrEqual(59);
    }
  });
});

describe('fault injection', () => {
  it('repeats the same sequence of outcomes for the same seed', async () => {
    const first = await outcomes({ failRate: 0.5, seed: 7 });
    const second = await outcomes({ failRate: 0.5, seed: 7 });
    expect(second).toEqual(first);
    expect(first).toContain('ok');
    expect(first.filter((o) => o !== 'ok').length).toBeGreaterThan(0);
    expect(first.every((o) => ['ok', '500', 'timeout', 'malformed', '429'].includes(o))).toBe(true);
  });

  it('gives another sequence for another seed', async () => {
    const a = await outcomes({ failRate: 0.5, seed: 7, faults: ['500'] });
    const b = await outcomes({ failRate: 0.5, seed: 8, faults: ['500'] });
    expect(b).not.toEqual(a);
  });

  it('never faults at failRate 0 (the default)', async () => {
    expect(new Set(await outcomes({ seed: 7 }, 8))).toEqual(new Set(['ok']));
  });

  it('answers 500 with a Spring error body for the 500 kind', async () => {
    const s = await sim({ failRate: 1, faults: ['500'], now: () => 5 });
    const res = await post(s);
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toEqual({
      timestamp: 5,
      status: 500,
      error: 'Internal Server Error',
      path: '/api/graphql',
    });
  });

  it('answers 200 with a body that is not JSON for the malformed kind', async () => {
    const s = await sim({ failRate: 1, faults: ['malformed'] });
    const res = await post(s);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(() => JSON.parse(text)).toThrow();
  });

  it('never answers for the timeout kind, and still closes', async () => {
    const s = await startSim({ port: 0, failRate: 1, faults: ['timeout'] });
    const pending = post(s);
    pending.catch(() => undefined);
    expect(await outcome(s, 300)).toBe('timeout');
    await expect(s.close()).resolves.toBeUndefined();
    await expect(pending).rejects.toThrow();
  });

  it('does not execute a faulted request, and counts faults by kind', async () => {
    const s = await sim({ failRate: 1, faults: ['500', 'malformed'], seed: 3 });
    const seen = [await outcome(s), await outcome(s), await outcome(s), await outcome(s)];
    const stats = s.stats();
    expect(stats.requests).toBe(4);
    expect(stats.byOperation).toEqual({});
    expect(stats.faults.timeout).toBe(0);
    expect(stats.faults['500']).toBe(seen.filter((o) => o === '500').length);
    expect(stats.faults.malformed).toBe(seen.filter((o) => o === 'malformed').length);
  });

  it('leaves the control routes alone', async () => {
    const s = await sim({ failRate: 1, faults: ['500'] });
    expect((await fetch(`${s.url}/__sim/stats`)).status).toBe(200);
    expect((await fetch(`${s.url}/__sim/export`)).status).toBe(200);
  });
});
