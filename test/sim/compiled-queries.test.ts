import { execute, getIntrospectionQuery, parse, type ExecutionResult } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineOperation } from '../../src/datahub/operation.js';
import { runCompiled } from '../../src/sim/compiled-queries.js';
import { makeContext, type SimContext } from '../../src/sim/context.js';
import { demoCatalog } from '../../src/sim/demo/index.js';
import { runGraphQL, simSchema } from '../../src/sim/execute.js';
import { generateCatalog } from '../../src/sim/generate/index.js';
import { loadRecords } from '../../src/sim/load/index.js';
import { prepareDocument } from '../../src/sim/prepared-documents.js';
import { Store } from '../../src/sim/store.js';
import { GET_FEATURE } from './ops-examples.js';

// The compiled path must answer exactly what graphql-js answers, or leave the request to graphql-js.

let ctx: SimContext;
let urnsByType: Map<string, string[]>;

beforeAll(() => {
  const store = new Store();
  loadRecords(store, demoCatalog(1_700_000_000_000), 'demo');
  loadRecords(store, generateCatalog({ models: 8, datasets: 60, depth: 4, seed: 5 }), 'generated');
  ctx = makeContext(store, { now: () => 1_700_000_000_000 });
  urnsByType = new Map();
  for (const e of store.all()) urnsByType.set(e.entityType, [...(urnsByType.get(e.entityType) ?? []), e.urn]);
});

const urns = (type: string) => urnsByType.get(type) ?? [];
const readOp = (file: string) => defineOperation(file, z.unknown()).document;

/** graphql-js's answer: the reference. */
async function reference(query: string, variables: Record<string, unknown>): Promise<string> {
  return JSON.stringify(
    await execute({ schema: simSchema(), document: parse(query), variableValues: variables, contextValue: ctx }),
  );
}

async function compiled(query: string, variables: Record<string, unknown>): Promise<ExecutionResult | undefined> {
  const { document } = prepareDocument(simSchema(), query);
  return runCompiled(simSchema(), document!, undefined, variables, ctx);
}

describe('compiled queries', () => {
  const cases: [string, () => string, () => Record<string, unknown>][] = [
    ['JanusEntities, every entity', () => readOp('entities'), () => ({ urns: [...urnsByType.values()].flat() })],
    [
      'JanusEntities, urns of no entity',
      () => readOp('entities'),
      () => ({ urns: ['urn:li:dataset:(urn:li:dataPlatform:x,none,PROD)', 'urn:li:query:q'] }),
    ],
    ['JanusCatalogPage', () => readOp('catalog-page'), () => ({ count: 3 })],
    [
      "JanusUpstreamReach, slices of a model's reach",
      () => readOp('upstream-reach'),
      () => ({ root: urns('mlModel').at(-1), count: 7, start1: 7, start2: 14, start3: 21 }),
    ],
    ['JanusSearchModels', () => readOp('search-models'), () => ({ query: '*', start: 1, count: 5 })],
    ['JanusDatasetsIncidents', () => readOp('datasets-incidents'), () => ({ urns: urns('dataset') })],
    ['JanusDatasetsActiveIncidents', () => readOp('datasets-active-incidents'), () => ({ urns: urns('dataset') })],
    ['JanusAssertionsLatest', () => readOp('assertions-latest'), () => ({ urns: urns('assertion') })],
    ['JanusModelsLinks', () => readOp('models-links'), () => ({ urns: urns('mlModel') })],
    ['JanusWriteBackState', () => readOp('write-back-state'), () => ({ models: urns('mlModel') })],
    ['JanusGetFeature', () => GET_FEATURE, () => ({ urn: urns('mlFeature')[0] })],
    [
      'introspection',
      () => getIntrospectionQuery({ descriptions: true, specifiedByUrl: true, inputValueDeprecation: true }),
      () => ({}),
    ],
  ];

  it.each(cases)('%s: compiled, and the answer graphql-js gives', async (_name, query, variables) => {
    const vars = variables();
    const answer = await compiled(query(), vars);
    expect(answer).toBeDefined();
    expect(JSON.stringify(answer)).toBe(await reference(query(), vars));
    expect(JSON.stringify(await runGraphQL({ query: query(), variables: vars }, ctx))).toBe(
      await reference(query(), vars),
    );
  });

  it('every entity type the catalog holds is read', () => {
    expect([...urnsByType.keys()]).toEqual(
      expect.arrayContaining(['dataset', 'mlModel', 'mlFeature', 'dataJob', 'assertion', 'corpuser']),
    );
  });

  it('a resolver error is graphql-js’s answer, errors and partial data alike', async () => {
    const query =
      'query($urns: [String!]!) { entities(urns: $urns) { urn } mlModel(urn: "urn:li:mlModel:(x,m,PROD)") { urn } }';
    const vars = { urns: ['not a urn'] };
    expect(await compiled(query, vars)).toBeUndefined();
    const answer = JSON.stringify(await runGraphQL({ query, variables: vars }, ctx));
    expect(answer).toContain('Failed to convert urn string not a urn');
    expect(answer).toBe(await reference(query, vars));
  });

  it('variables graphql-js rejects are graphql-js’s to answer', async () => {
    const query =
      'query($count: Int!) { scrollAcrossEntities(input: { types: [MLMODEL], query: "*", count: $count }) { total } }';
    for (const vars of [{ count: 1.5 }, { count: null }, {}]) {
      expect(await compiled(query, vars)).toBeUndefined();
      const answer = JSON.stringify(await runGraphQL({ query, variables: vars }, ctx));
      expect(answer).toContain('"errors"');
      expect(answer).toBe(await reference(query, vars));
    }
  });

  it('leaves documents of many aliased root fields to graphql-js, with the same answer', async () => {
    const datasets = urns('dataset').slice(0, 20);
    const fields = datasets.map(
      (_, i) =>
        `m${i}: scrollAcrossLineage(input: { urn: $d${i}, direction: DOWNSTREAM, query: "*", count: 50 }) { total searchResults { degree entity { urn type } } }`,
    );
    const query = `query(${datasets.map((_, i) => `$d${i}: String!`).join(', ')}) { ${fields.join('\n')} }`;
    const vars = Object.fromEntries(datasets.map((urn, i) => [`d${i}`, urn]));
    expect(await compiled(query, vars)).toBeUndefined();
    expect(await compiled(`query($d0: String!) { ${fields[0]} }`, { d0: datasets[0] })).toBeDefined();
    const answer = JSON.stringify(await runGraphQL({ query, variables: vars }, ctx));
    expect(answer).toContain('"searchResults"');
    expect(answer).toBe(await reference(query, vars));
  });

  it('leaves documents graphql-jit would write too much code for to graphql-js: lineage nested in lineage', async () => {
    // each hop's entity is one of the schema's entity types, and graphql-jit writes the hop below for each of them
    const walk = readOp('downstream-walk');
    const vars = { urns: urns('dataset').slice(0, 5) };
    expect(await compiled(walk, vars)).toBeUndefined();
    const answer = JSON.stringify(await runGraphQL({ query: walk, variables: vars }, ctx));
    expect(answer).toContain('"downstream"');
    expect(answer).toBe(await reference(walk, vars));
  });

  it('leaves mutations, directives and nullable variables in non-null places to graphql-js', async () => {
    const leftToGraphqlJs = [
      'mutation { addTag(input: { tagUrn: "urn:li:tag:t", resourceUrn: "urn:li:corpuser:nobody" }) }',
      'query($on: Boolean!) { me { corpUser { urn } } tag(urn: "urn:li:tag:t") @include(if: $on) { urn } }',
      'query($q: String = "*") { scrollAcrossEntities(input: { types: [MLMODEL], query: $q, count: 2 }) { total } }',
    ];
    for (const query of leftToGraphqlJs) expect(await compiled(query, { on: true }), query).toBeUndefined();
    // the null graphql-js rejects inside the input literal, where graphql-jit would pass it to the resolver
    const nulled = leftToGraphqlJs[2]!;
    const answer = JSON.stringify(await runGraphQL({ query: nulled, variables: { q: null } }, ctx));
    expect(answer).toContain('"errors"');
    expect(answer).toBe(await reference(nulled, { q: null }));
  });
});
