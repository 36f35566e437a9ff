import { describe, expect, it } from 'vitest';
import { countTokens } from '../src/schema/parser-limits.js';
import { simHarness } from './support/harness.js';
import { useSims } from './support/running-sim.js';
import { seededHarness } from './support/write-seed.js';

// GMS's limits (graphql-java 22's default ParserOptions; DataHub's query depth and complexity limits), at each boundary.

const CANCELLED = 'have been presented. To prevent Denial Of Service attacks, parsing has been cancelled.';
const syntax = (message: string, locations: { line: number; column: number }[]) => ({
  errors: [{ message, locations, extensions: { classification: 'InvalidSyntax' } }],
  data: null,
});
const aborted = (message: string) => ({
  errors: [{ message, extensions: { classification: 'ExecutionAborted' } }],
  data: null,
});
/** An answer as GMS's JSON writes it. */
const wire = (result: unknown) => JSON.parse(JSON.stringify(result)) as unknown;

/**
 * `{ a0: __typename a1: __typename … }`: `n` grammar tokens, complexity 0, depth 1. Distinct aliases: graphql-js's
 * overlapping-fields rule gives up on thousands of fields of one name (its own budget, which graphql-java lacks).
 */
const grammarTokens = (n: number) => {
  const aliased = Math.floor((n - 2) / 3);
  const fields = Array.from({ length: aliased }, (_, i) => `a${i}: __typename `).join('');
  return `{ ${fields}${'__typename '.repeat(n - 2 - 3 * aliased)}}`;
};

describe('parser limits (graphql-java ParserOptions)', () => {
  it('counts tokens as graphql-java does: commas and each ignored character are whitespace tokens, comments apart', () => {
    expect(countTokens('query Q($a: Int = 1) {\r\n  x: f(a: $a, b: "s, t") # note\n}')).toEqual({
      characters: 57,
      grammarTokens: 24,
      commentTokens: 1,
      whitespaceTokens: 16,
    });
  });

  it('runs 14,999 grammar tokens; refuses 15,000 at the end of the document (its EOF token counts) and 15,001 at the last', async () => {
    const { gql } = simHarness();
    expect(countTokens(grammarTokens(14_999)).grammarTokens).toBe(14_999);
    const ran = await gql(grammarTokens(14_999));
    expect(ran.errors).toBeUndefined();
    expect(ran.data?.a0).toBe('Query');
    const message = `More than 15,000 'grammar' tokens ${CANCELLED}`;
    const atEnd = grammarTokens(15_000);
    expect(wire(await gql(atEnd))).toEqual(syntax(message, [{ line: 1, column: atEnd.length + 1 }]));
    const atLast = grammarTokens(15_001); // its 15,001st token is the closing brace
    expect(wire(await gql(atLast))).toEqual(syntax(message, [{ line: 1, column: atLast.length }]));
  });

  it('runs 200,000 whitespace tokens (commas too) and refuses 200,001, at the first one past the limit', async () => {
    const { gql } = simHarness();
    // three before the commas: the two spaces and the line feed
    const padded = (n: number) => `{ __typename }\n${','.repeat(n - 3)}`;
    expect(countTokens(padded(200_000)).whitespaceTokens).toBe(200_000);
    expect(wire(await gql(padded(200_000)))).toEqual({ data: { __typename: 'Query' } });
    expect(wire(await gql(padded(200_001)))).toEqual(
      syntax(`More than 200,000 'whitespace' tokens ${CANCELLED}`, [{ line: 2, column: 199_998 }]),
    );
  });

  it('runs 15,000 comments and refuses 15,001 (no EOF on their channel)', async () => {
    const { gql } = simHarness();
    const commented = (n: number) => `{ __typename }\n${'#\n'.repeat(n)}`;
    expect(wire(await gql(commented(15_000)))).toEqual({ data: { __typename: 'Query' } });
    expect(wire(await gql(commented(15_001)))).toEqual(
      syntax(`More than 15,000 'comments' tokens ${CANCELLED}`, [{ line: 15_002, column: 1 }]),
    );
  });

  it('runs 1 MiB of characters and refuses one more, with an empty list of locations', async () => {
    const { gql } = simHarness();
    const long = (n: number) => `{ __typename }\n#${'x'.repeat(n - 16)}`;
    expect(long(1_048_576)).toHaveLength(1_048_576);
    expect(wire(await gql(long(1_048_576)))).toEqual({ data: { __typename: 'Query' } });
    expect(wire(await gql(long(1_048_577)))).toEqual(syntax(`More than 1,048,576 characters ${CANCELLED}`, []));
  });

  it('answers a syntax error met before the limit as the syntax error', async () => {
    const { gql } = simHarness();
    const r = await gql(`{ __typename ! ${grammarTokens(20_000).slice(1)}`);
    expect(r.errors?.[0]?.message).toMatch(/^Syntax Error/);
  });
});

const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,x,PROD)';
/** `n` aliased reads of one dataset, complexity 2 each (the field and its `urn`), and `extra` in the last. */
const datasets = (n: number, extra = '') =>
  `{ ${Array.from({ length: n }, (_, i) => `d${i}: dataset(urn: "${DATASET}") { urn${i === n - 1 ? extra : ''} }`).join(' ')} }`;

describe('query limits (DataHub complexity 2000, depth 50)', () => {
  it('runs complexity 2,000 and refuses 2,001 before anything runs', async () => {
    const { gql } = simHarness();
    expect((await gql(datasets(1000))).errors).toBeUndefined();
    expect(wire(await gql(datasets(1000, ' name')))).toEqual(aborted('maximum query complexity exceeded 2001 > 2000'));
  });

  it('counts __typename as nothing', async () => {
    const { gql } = simHarness();
    expect((await gql(datasets(1000, ' __typename'))).errors).toBeUndefined();
  });

  it('adds 2 × input.count to a field whose results spread a fragment named searchResultFields, and only then', async () => {
    const { gql } = simHarness();
    const lineage = (fragment: string) =>
      `query L($count: Int) { searchAcrossLineage(input: { urn: "${DATASET}", direction: DOWNSTREAM, count: $count }) {
        searchResults { entity { ...${fragment} } } } }
      fragment ${fragment} on Entity { urn }`;
    // 4 fields + 2 × 998 = 2,000; + 2 × 999 = 2,002
    expect((await gql(lineage('searchResultFields'), { count: 998 })).errors).toBeUndefined();
    expect(wire(await gql(lineage('searchResultFields'), { count: 999 }))).toEqual(
      aborted('maximum query complexity exceeded 2002 > 2000'),
    );
    expect((await gql(lineage('otherFields'), { count: 999 })).errors).toBeUndefined();
  });

  it('skips what @include leaves out', async () => {
    const { gql } = simHarness();
    const query = `query Q($on: Boolean!) { ${Array.from({ length: 667 }, (_, i) => `d${i}: dataset(urn: "${DATASET}") @include(if: $on) { urn name }`).join(' ')} }`;
    expect((await gql(query, { on: false })).errors).toBeUndefined();
    expect((await gql(query, { on: true })).errors?.[0]?.message).toBe('maximum query complexity exceeded 2001 > 2000');
  });

  it('runs depth 50 and refuses 51 (root fields at depth 1), before complexity', async () => {
    const { gql } = simHarness();
    // __schema 1, queryType 2, ofType 3 … k + 2, name k + 3
    const nested = (k: number) => `{ __schema { queryType { ${'ofType { '.repeat(k)}name${' }'.repeat(k)} } } }`;
    expect((await gql(nested(47))).errors).toBeUndefined();
    expect(wire(await gql(nested(48)))).toEqual(aborted('maximum query depth exceeded 51 > 50'));
    const both = `${nested(48).slice(0, -1)} ${datasets(1000).slice(1)}`;
    expect((await gql(both)).errors?.[0]?.message).toBe('maximum query depth exceeded 51 > 50');
  });

  it('refuses a mutation past the limit whole: no alias runs', async () => {
    const h = seededHarness();
    const input = { entityUrn: DATASET, type: 'check', description: 'd', platform: { name: 'Janus' } };
    // complexity 3 an alias (the field, its urn and type): 667 of them are 2,001
    const mutation = (n: number) =>
      `mutation A($input: UpsertCustomAssertionInput!) { ${Array.from({ length: n }, (_, i) => `a${i}: upsertCustomAssertion(urn: "urn:li:assertion:a${i}", input: $input) { urn type }`).join(' ')} }`;
    expect(wire(await h.gql(mutation(667), { input }))).toEqual(
      aborted('maximum query complexity exceeded 2001 > 2000'),
    );
    expect(h.store.aspect('urn:li:assertion:a0', 'assertionInfo')).toBeUndefined();
    expect((await h.gql(mutation(666), { input })).errors).toBeUndefined();
    expect(h.store.aspect('urn:li:assertion:a0', 'assertionInfo')).toBeDefined();
  });
});

describe('over HTTP', () => {
  const sim = useSims();

  it("answers 200 with graphql-java's error, data null, and counts no executed operation", async () => {
    const s = await sim();
    const res = await fetch(`${s.url}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: grammarTokens(15_000) }),
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(
      JSON.stringify(
        syntax(`More than 15,000 'grammar' tokens ${CANCELLED}`, [
          { line: 1, column: grammarTokens(15_000).length + 1 },
        ]),
      ),
    );
    const stats = (await (await fetch(`${s.url}/__sim/stats`)).json()) as { requests: number; byOperation: object };
    expect(stats.requests).toBe(1);
    expect(stats.byOperation).toEqual({});
  });
});
