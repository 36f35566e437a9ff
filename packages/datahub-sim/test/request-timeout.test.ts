import { describe, expect, it } from 'vitest';
import { DEMO } from '../src/demo/index.js';
import type { RunningSim } from '../src/index.js';
import { graphqlData, useSims } from './support/running-sim.js';

const sim = useSims({ demo: true });

const post = (s: RunningSim, path: string, body: unknown) =>
  fetch(`${s.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const TAG = `mutation Tag($input: TagAssociationInput!) { addTag(input: $input) }`;
const tagInput = { input: { tagUrn: DEMO.tags.pii, resourceUrn: DEMO.models.fraud } };
const TAGS = `query Tags($urn: String!) { mlModel(urn: $urn) { tags { tags { tag { urn } } } } }`;
const tagsOf = async (s: RunningSim) =>
  (
    await graphqlData<{ mlModel: { tags: { tags: { tag: { urn: string } }[] } | null } }>(s, TAGS, {
      urn: DEMO.models.fraud,
    })
  ).mlModel.tags?.tags.map((t) => t.tag.urn) ?? [];

describe("GMS's request timeout", () => {
  it('answers 503 with Retry-After: 30 (v1.6 and later) when a request runs too long, and its write still lands', async () => {
    const s = await sim({ requestTimeoutMs: 150 });
    expect((await post(s, '/__sim/slow-answers', { field: 'addTag', ms: 400, times: 1 })).status).toBe(204);
    expect(await tagsOf(s)).not.toContain(DEMO.tags.pii);
    const res = await post(s, '/api/graphql', { query: TAG, variables: tagInput });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('30');
    expect(await res.json()).toEqual(
      expect.objectContaining({
        status: 503,
        error: 'Service Unavailable',
        message: expect.stringMatching(/may still/),
      }),
    );
    expect(await tagsOf(s)).toContain(DEMO.tags.pii);
    expect(s.stats().mutations).toBe(1);
  });

  it('answers 503 without Retry-After before v1.6', async () => {
    const s = await sim({ requestTimeoutMs: 100, retryAfterOn503: false });
    await post(s, '/__sim/slow-answers', { field: 'addTag', ms: 300 });
    const res = await post(s, '/api/graphql', { query: TAG, variables: tagInput });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBeNull();
    expect(await res.json()).toEqual({
      timestamp: expect.any(Number),
      status: 503,
      error: 'Service Unavailable',
      path: '/api/graphql',
    });
  });

  it('answers a request that ends in time as usual, and refuses a timeout below 1 ms', async () => {
    const s = await sim({ requestTimeoutMs: 1_000 });
    await post(s, '/__sim/slow-answers', { field: 'addTag', ms: 50, times: 1 });
    const res = await post(s, '/api/graphql', { query: TAG, variables: tagInput });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { addTag: true } });
    await expect(sim({ requestTimeoutMs: 0 })).rejects.toThrow(/requestTimeoutMs/);
  });
});

describe('rate limiting (429)', () => {
  it('throttles the planted requests before they run, with Retry-After in seconds', async () => {
    const s = await sim();
    expect((await post(s, '/__sim/throttle', { times: 2, retryAfterSeconds: 3 })).status).toBe(204);
    for (let i = 0; i < 2; i++) {
      const res = await post(s, '/api/graphql', { query: TAG, variables: tagInput });
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('3');
      expect(await res.json()).toEqual({ error: expect.any(String) });
    }
    expect(s.stats().mutations).toBe(0);
    expect(s.stats().faults['429']).toBe(2);
    const log = (await (await fetch(`${s.url}/__sim/requests`)).json()) as { status: number; operation: string }[];
    expect(log.map((r) => r.status)).toEqual([429, 429]);
    expect((await post(s, '/api/graphql', { query: TAG, variables: tagInput })).status).toBe(200);
  });

  it('throttles a seeded share with --fault 429', async () => {
    const s = await sim({ failRate: 1, faults: ['429'] });
    const res = await post(s, '/api/graphql', { query: TAG, variables: tagInput });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('1');
  });
});
