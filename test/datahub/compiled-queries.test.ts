import { demoCatalog } from '@janus/datahub-sim/demo';
import { generateCatalog } from '@janus/datahub-sim/generate';
import {
  makeContext,
  prepareDocument,
  runCompiled,
  runGraphQL,
  simSchema,
  Store,
  type SimContext,
} from '@janus/datahub-sim/in-process';
import { loadRecords } from '@janus/datahub-sim/load';
import { execute, parse } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineOperation } from '../../src/datahub/operation.js';

// Janus's read operations take the simulator's compiled path (graphql-jit), and it answers them exactly as
// graphql-js does: what Janus reads from the simulator (in tests and benchmarks) is what graphql-js would answer.

const NOW = 1_700_000_000_000;
let ctx: SimContext;
const urnsOf: Record<string, string[]> = {};

beforeAll(() => {
  const store = new Store();
  loadRecords(store, demoCatalog(NOW), 'demo');
  loadRecords(store, generateCatalog({ models: 8, datasets: 60, depth: 4, seed: 5 }), 'generated');
  ctx = makeContext(store, { now: () => NOW });
  for (const { entityType, urn } of store.all()) (urnsOf[entityType] ??= []).push(urn);
});

const urns = (type: string) => urnsOf[type] ?? [];

describe('Janus’s read operations on the simulator', () => {
  it.each<[file: string, variables: () => Record<string, unknown>]>([
    ['entities', () => ({ urns: Object.values(urnsOf).flat() })],
    ['entities', () => ({ urns: ['urn:li:dataset:(urn:li:dataPlatform:x,none,PROD)', 'urn:li:query:q'] })],
    ['catalog-page', () => ({ count: 3 })],
    ['upstream-reach', () => ({ root: urns('mlModel').at(-1), count: 7, start1: 7, start2: 14, start3: 21 })],
    ['search-models', () => ({ query: '*', start: 1, count: 5 })],
    ['datasets-incidents', () => ({ urns: urns('dataset') })],
    ['datasets-active-incidents', () => ({ urns: urns('dataset') })],
    ['datasets-active-incidents', () => ({ urns: ['urn:li:dataset:(urn:li:dataPlatform:x,none,PROD)'] })],
    ['datasets-owned', () => ({ owners: ['urn:li:corpuser:carol.diaz', 'urn:li:corpGroup:data-platform'], count: 50 })],
    ['search-catalog', () => ({ query: 'churn', count: 20 })],
    ['assertions-latest', () => ({ urns: urns('assertion') })],
    ['models-links', () => ({ urns: urns('mlModel') })],
    ['write-back-state', () => ({ models: urns('mlModel') })],
  ])('%s: compiled, and the answer graphql-js gives', async (file, variables) => {
    const query = defineOperation(file, z.unknown()).document;
    const vars = variables();
    const graphqlJs = JSON.stringify(
      await execute({ schema: simSchema(), document: parse(query), variableValues: vars, contextValue: ctx }),
    );
    const compiled = await runCompiled(
      simSchema(),
      prepareDocument(simSchema(), query).document!,
      undefined,
      vars,
      ctx,
    );
    expect(compiled).toBeDefined();
    expect(JSON.stringify(compiled)).toBe(graphqlJs);
    expect(JSON.stringify(await runGraphQL({ query, variables: vars }, ctx))).toBe(graphqlJs);
  });

  it('leaves documents graphql-jit would write too much code for to graphql-js: lineage nested in lineage', async () => {
    // each hop's entity is one of the schema's entity types, and graphql-jit would write the hop below for each
    const walk = defineOperation('downstream-walk', z.unknown()).document;
    const vars = { urns: urns('dataset').slice(0, 5) };
    expect(
      await runCompiled(simSchema(), prepareDocument(simSchema(), walk).document!, undefined, vars, ctx),
    ).toBeUndefined();
    const answer = JSON.stringify(await runGraphQL({ query: walk, variables: vars }, ctx));
    expect(answer).toContain('"downstream"');
    const graphqlJs = JSON.stringify(
      await execute({ schema: simSchema(), document: parse(walk), variableValues: vars, contextValue: ctx }),
    );
    expect(answer).toBe(graphqlJs);
  });
});
