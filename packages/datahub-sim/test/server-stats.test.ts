import { GraphQLError, type ExecutionResult } from 'graphql';
import { afterEach, describe, expect, it } from 'vitest';
import { startSim, type RunningSim } from '../src/http/server.js';
import { appliedMutations, summarizeOperation } from '../src/controls/stats.js';
import { mcp } from './support/records.js';

const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:snowflake,shop.orders,PROD)';
const MISSING = 'urn:li:dataset:(urn:li:dataPlatform:snowflake,shop.nothing,PROD)';
const TAG = 'urn:li:tag:pii';
const RECORDS = [
  mcp('dataset', DATASET, 'datasetProperties', { name: 'orders', customProperties: {} }),
  mcp('tag', TAG, 'tagProperties', { name: 'pii' }),
];

let running: RunningSim | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

async function sim() {
  running = await startSim({ port: 0, records: RECORDS });
  return running;
}

async function gql(s: RunningSim, query: string, variables?: object, operationName?: string) {
  const res = await fetch(`${s.url}/api/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables, operationName }),
  });
  const body = (res.status === 200 ? await res.json() : {}) as { data?: unknown; errors?: unknown[] };
  return { status: res.status, body };
}

const ADD_TAG = 'mutation AddTag($r: String!) { addTag(input: { tagUrn: "urn:li:tag:pii", resourceUrn: $r }) }';

describe('GET /__sim/stats', () => {
  it('counts requests by operation name and by root field', async () => {
    const s = await sim();
    await gql(s, 'query ReadDataset($urn: String!) { dataset(urn: $urn) { urn } }', { urn: DATASET });
    await gql(s, 'query ReadDataset($urn: String!) { dataset(urn: $urn) { urn } }', { urn: MISSING });
    await gql(
      s,
      `{ a: entityExists(urn: "x") b: entityExists(urn: "y") ...Root ... on Query { tag(urn: "${TAG}") { urn } }
      skipped: dataset(urn: "z") @skip(if: true) { urn } } fragment Root on Query { entities(urns: []) { urn } }`,
    );
    await gql(s, 'query One { entityExists(urn: "x") } query Two { tag(urn: "x") { urn } }', undefined, 'Two');

    const stats = await (await fetch(`${s.url}/__sim/stats`)).json();
    expect(stats).toEqual({
      requests: 4,
      byOperation: { ReadDataset: 2, '(anonymous)': 1, Two: 1 },
      byRootField: { dataset: 2, entityExists: 2, entities: 1, tag: 2 },
      mutations: 0,
      responseBytes: expect.any(Number),
      faults: { 500: 0, timeout: 0, malformed: 0, 429: 0 },
      ingestion: { requests: 0, proposals: 0 },
    });
    expect(s.stats()).toEqual(stats);
  });

  it("counts the bytes of the answers' bodies", async () => {
    const s = await sim();
    const res = await fetch(`${s.url}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: `{ dataset(urn: "${DATASET}") { urn } }` }),
    });
    const bytes = (await res.arrayBuffer()).byteLength;
    expect(bytes).toBeGreaterThan(0);
    expect(s.stats().responseBytes).toBe(bytes);
  });

  it('counts every request, but only executed operations by name and field', async () => {
    const s = await sim();
    expect((await gql(s, '{ dataset(urn: "x") { noSuchField } }')).status).toBe(200); // fails validation
    expect((await gql(s, 'query A { entityExists(urn: "x") }', undefined, 'B')).status).toBe(200); // unknown operation
    await fetch(`${s.url}/api/graphql`, { method: 'POST', body: 'not json' });
    await fetch(`${s.url}/api/graphql`);
    await fetch(`${s.url}/__sim/export`);
    const stats = s.stats();
    expect(stats.requests).toBe(4);
    expect(stats.byOperation).toEqual({});
    expect(stats.byRootField).toEqual({});
  });

  it('counts a mutation that ran without error as applied', async () => {
    const s = await sim();
    const { body } = await gql(s, ADD_TAG, { r: DATASET });
    expect(body.errors).toBeUndefined();
    expect(s.stats()).toMatchObject({ mutations: 1, byOperation: { AddTag: 1 }, byRootField: { addTag: 1 } });
  });

  it('does not count a mutation that errors as applied', async () => {
    const s = await sim();
    const { body } = await gql(s, ADD_TAG, { r: MISSING });
    expect(body.errors?.length).toBeGreaterThan(0);
    expect(s.stats()).toMatchObject({ mutations: 0, byOperation: { AddTag: 1 }, byRootField: { addTag: 1 } });
  });

  it('resets every counter on POST /__sim/stats/reset, and only on POST', async () => {
    const s = await sim();
    await gql(s, ADD_TAG, { r: DATASET });
    expect((await fetch(`${s.url}/__sim/stats/reset`)).status).toBe(405);
    expect(s.stats().requests).toBe(1);
    expect((await fetch(`${s.url}/__sim/stats/reset`, { method: 'POST' })).status).toBe(204);
    expect(s.stats()).toEqual({
      requests: 0,
      byOperation: {},
      byRootField: {},
      mutations: 0,
      responseBytes: 0,
      faults: { 500: 0, timeout: 0, malformed: 0, 429: 0 },
      ingestion: { requests: 0, proposals: 0 },
    });
    await gql(s, '{ entityExists(urn: "x") }');
    s.resetStats();
    expect(s.stats().requests).toBe(0);
  });
});

describe('summarizeOperation', () => {
  it('selects the named operation and resolves @include from variables', () => {
    const doc =
      'query A($on: Boolean!) { x: entityExists(urn: "a") tag(urn: "t") @include(if: $on) { urn } } mutation B { addTag }';
    expect(summarizeOperation(doc, 'A', { on: false })).toEqual({
      name: 'A',
      kind: 'query',
      rootFields: [{ name: 'entityExists', responseKey: 'x' }],
    });
    expect(summarizeOperation(doc, 'A', { on: true })?.rootFields.map((f) => f.name)).toEqual(['entityExists', 'tag']);
    expect(summarizeOperation(doc, 'B')?.kind).toBe('mutation');
  });

  it('finds nothing for a document that does not parse or an ambiguous operation', () => {
    expect(summarizeOperation('{ nope')).toBeNull();
    expect(summarizeOperation('query A { a } query B { b }')).toBeNull();
    expect(summarizeOperation('query A { a }', 'C')).toBeNull();
  });
});

describe('appliedMutations', () => {
  const summary = summarizeOperation('mutation M { a: addTag b: addTag c: addTag }')!;
  const error = (key: string) => new GraphQLError('failed', { path: [key] });

  it.each<[string, ExecutionResult, number]>([
    ['all succeed', { data: { a: true, b: true, c: true } }, 3],
    ['one field errors', { data: { a: true, b: null, c: true }, errors: [error('b')] }, 2],
    ['a non-null failure stops the fields after it', { data: null, errors: [error('b')] }, 1],
    ['nothing executed', { errors: [new GraphQLError('invalid')] }, 0],
  ])('%s', (_, result, applied) => {
    expect(appliedMutations(summary, result)).toBe(applied);
  });

  it('counts nothing for a query', () => {
    expect(appliedMutations(summarizeOperation('{ a b }')!, { data: { a: 1, b: 2 } })).toBe(0);
  });
});

describe('root fields behind @include', () => {
  it("take a left-out variable's declared default, as execution does", () => {
    const q = `query Q($u: String!, $has1: Boolean = false, $has2: Boolean = true) {
      a: dataset(urn: $u) { urn }
      b: dataset(urn: $u) @include(if: $has1) { urn }
      c: tag(urn: $u) @include(if: $has2) { urn }
    }`;
    const names = (v: Record<string, unknown>) => summarizeOperation(q, 'Q', v)?.rootFields.map((f) => f.name);
    expect(names({ u: DATASET })).toEqual(['dataset', 'tag']);
    expect(names({ u: DATASET, has1: true, has2: false })).toEqual(['dataset', 'dataset']);
  });
});
