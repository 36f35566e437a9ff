import { describe, expect, it } from 'vitest';
import { startSim, type RunningSim } from '../src/http/server.js';
import { useSims } from './support/running-sim.js';

const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:snowflake,shop.orders,PROD)';
const RECORDS = [
  {
    entityType: 'dataset',
    entityUrn: DATASET,
    changeType: 'UPSERT',
    aspectName: 'datasetProperties',
    aspect: { json: { name: 'orders', description: 'Orders placed in the shop', customProperties: {} } },
  },
];

const sim = useSims({ records: RECORDS });

const post = (s: RunningSim, body: string, headers: Record<string, string> = {}) =>
  fetch(`${s.url}/api/graphql`, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });

interface GraphQLBody {
  data?: unknown;
  errors?: { message: string }[];
}
const bodyOf = async (res: Response) => (await res.json()) as GraphQLBody;

const gql = (s: RunningSim, query: string, variables?: object, headers?: Record<string, string>) =>
  post(s, JSON.stringify({ query, variables }), headers);

describe('POST /api/graphql', () => {
  it("answers a query with 200 and DataHub's JSON content type", async () => {
    const s = await sim();
    const res = await gql(s, 'query Read($urn: String!) { dataset(urn: $urn) { urn } }', { urn: DATASET });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json;charset=utf-8');
    const body = await bodyOf(res);
    expect(body.errors).toBeUndefined();
    expect(body).toHaveProperty('data');
  });

  it('answers 200 with errors[] (and no data) for a field the schema does not have', async () => {
    const s = await sim();
    const res = await gql(s, '{ dataset(urn: "x") { noSuchField } }');
    expect(res.status).toBe(200);
    const body = await bodyOf(res);
    expect(body.errors).toHaveLength(1);
    expect(body.errors?.[0]?.message).toContain('noSuchField');
    expect(body).not.toHaveProperty('data');
  });

  it('answers 200 with a syntax error when query is JSON null (GMS reads it as the text "null")', async () => {
    const s = await sim();
    const res = await post(s, JSON.stringify({ query: null }));
    expect(res.status).toBe(200);
    expect((await bodyOf(res)).errors?.[0]?.message).toMatch(/Syntax Error/);
  });

  it('treats an empty operationName as none, and runs the named one otherwise', async () => {
    const s = await sim();
    const single = await post(s, JSON.stringify({ query: 'query A { a: __typename }', operationName: '' }));
    expect(await bodyOf(single)).toEqual({ data: { a: 'Query' } });
    const named = await post(
      s,
      JSON.stringify({ query: 'query A { a: __typename } query B { b: __typename }', operationName: 'B' }),
    );
    expect(await bodyOf(named)).toEqual({ data: { b: 'Query' } });
  });

  it.each([
    ['a body that is not JSON', '{"query": '],
    ['an empty body', ''],
    ['no query key', JSON.stringify({ variables: {} })],
    ['a JSON array', JSON.stringify([{ query: '{ me { corpUser { urn } } }' }])],
    ['a JSON string', JSON.stringify('{ me { corpUser { urn } } }')],
  ])('answers 400 with no body for %s', async (_, body) => {
    const s = await sim();
    const res = await post(s, body);
    expect(res.status).toBe(400);
    expect(await res.text()).toBe('');
  });

  it('answers 500 when variables is not an object (GMS fails converting it to a map)', async () => {
    const s = await sim();
    const res = await post(s, JSON.stringify({ query: '{ entityExists(urn: "x") }', variables: [1] }));
    expect(res.status).toBe(500);
  });

  it('answers GET with 405 and an unknown path with 404, as Spring error bodies', async () => {
    const s = await sim({ now: () => 1_700_000_000_000 });
    const get = await fetch(`${s.url}/api/graphql?query={me{corpUser{urn}}}`);
    expect(get.status).toBe(405);
    expect(await get.json()).toEqual({
      timestamp: 1_700_000_000_000,
      status: 405,
      error: 'Method Not Allowed',
      path: '/api/graphql',
    });
    const missing = await fetch(`${s.url}/api/graphql/extra`, { method: 'POST', body: '{}' });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ status: 404, error: 'Not Found', path: '/api/graphql/extra' });
  });
});

describe('token', () => {
  const query = '{ entityExists(urn: "urn:li:corpuser:nobody") }';

  it("answers 401 with the auth filter's body when the token is missing or wrong", async () => {
    const s = await sim({ token: 's3cret', now: () => 42 });
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong' },
      { authorization: 's3cret' },
      { authorization: 'Basic s3cret' },
    ];
    for (const headers of attempts) {
      const res = await gql(s, query, undefined, headers);
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toBe('application/json');
      expect(await res.json()).toEqual({ timestamp: 42, status: 401, error: 'Unauthorized', path: '/api/graphql' });
    }
  });

  it('checks the token before the body and the method', async () => {
    const s = await sim({ token: 's3cret' });
    expect((await post(s, 'not json')).status).toBe(401);
    expect((await fetch(`${s.url}/api/graphql`)).status).toBe(401);
  });

  it('answers 200 with the right token, Bearer or bearer', async () => {
    const s = await sim({ token: 's3cret' });
    for (const authorization of ['Bearer s3cret', 'bearer s3cret']) {
      const res = await gql(s, query, undefined, { authorization });
      expect(res.status).toBe(200);
      expect((await bodyOf(res)).errors).toBeUndefined();
    }
  });

  it('accepts any request when no token is configured', async () => {
    const s = await sim();
    expect((await gql(s, query, undefined, { authorization: 'Bearer anything' })).status).toBe(200);
  });

  it('leaves the control routes open', async () => {
    const s = await sim({ token: 's3cret' });
    expect((await fetch(`${s.url}/__sim/stats`)).status).toBe(200);
    expect((await fetch(`${s.url}/__sim/export`)).status).toBe(200);
    expect((await fetch(`${s.url}/__sim/stats/reset`, { method: 'POST' })).status).toBe(204);
  });
});

describe('startSim', () => {
  it('picks a free port for port 0 and reports the url and load report', async () => {
    const a = await sim();
    const b = await sim();
    expect(a.port).toBeGreaterThan(0);
    expect(b.port).not.toBe(a.port);
    expect(a.url).toBe(`http://127.0.0.1:${a.port}`);
    expect(a.loadReport).toMatchObject({ records: 1, errors: [] });
    expect(a.store.aspect(DATASET, 'datasetProperties')).toMatchObject({ name: 'orders' });
  });

  it('rejects bad control values', async () => {
    await expect(startSim({ port: 0, failRate: 2 })).rejects.toThrow(/failRate/);
    await expect(startSim({ port: 0, faults: ['explode'] })).rejects.toThrow(/explode/);
    await expect(startSim({ port: 0, latencyMs: -5 })).rejects.toThrow(/latencyMs/);
  });

  it('stops listening on close', async () => {
    const s = await startSim({ port: 0 });
    await s.close();
    await expect(fetch(`${s.url}/__sim/stats`)).rejects.toThrow();
  });
});
