import { afterEach, describe, expect, it } from 'vitest';
import { DEMO } from '../src/demo/index.js';
import { startSim, type RunningSim } from '../src/index.js';

let sim: RunningSim | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

const models = [DEMO.models.fraud, DEMO.models.customerLtv, DEMO.models.sessionIntent];
const LINKS = `mutation Links(${models.map((_, i) => `$in${i}: UpsertLinkInput!`).join(', ')}) {
  ${models.map((_, i) => `w${i}: upsertLink(input: $in${i})`).join('\n  ')}
}`;
const linkVars = Object.fromEntries(
  models.map((m, i) => [`in${i}`, { linkUrl: `http://janus.test/${i}`, label: 'L', resourceUrn: m }]),
);

const post = async (path: string, body: unknown) =>
  fetch(`${sim!.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
type Answer = {
  data?: Record<string, unknown> | null;
  errors?: { message: string; path?: string[]; extensions?: { code: number; type: string } }[];
};
const graphql = async (query: string, variables: Record<string, unknown>) =>
  (await (await post('/api/graphql', { query, variables })).json()) as Answer;

describe('aliased mutations and planted write failures', () => {
  it('runs every alias in order and answers the one that failed under its own path, as GMS does', async () => {
    sim = await startSim({ demo: true, port: 0 });
    expect((await post('/__sim/write-faults', { field: 'upsertLink', urn: models[1], times: 2 })).status).toBe(204);
    const first = await graphql(LINKS, linkVars);
    expect(first.data).toEqual({ w0: true, w1: null, w2: true });
    expect(first.errors).toEqual([
      expect.objectContaining({
        message: 'An unknown error occurred.',
        path: ['w1'],
        extensions: expect.objectContaining({ code: 500, type: 'SERVER_ERROR' }),
      }),
    ]);
    expect(sim.stats().mutations).toBe(2);
    expect(await (await fetch(`${sim.url}/__sim/write-faults`)).json()).toEqual([
      { field: 'upsertLink', urn: models[1], times: 1 },
    ]);

    await graphql(LINKS, linkVars);
    const third = await graphql(LINKS, linkVars);
    expect(third).toEqual({ data: { w0: true, w1: true, w2: true } });
    expect(await (await fetch(`${sim.url}/__sim/write-faults`)).json()).toEqual([]);
  });

  it('stops at a failed non-null field: data is null, the aliases before it landed, those after it did not run', async () => {
    sim = await startSim({ demo: true, port: 0 });
    await graphql(
      `
        mutation {
          createStructuredProperty(
            input: {
              id: "p"
              qualifiedName: "p"
              valueType: "urn:li:dataType:datahub.string"
              entityTypes: ["urn:li:entityType:datahub.mlModel"]
            }
          ) {
            urn
          }
        }
      `,
      {},
    );
    await post('/__sim/write-faults', { field: 'upsertStructuredProperties', urn: models[1] });
    const set = (i: number) =>
      `w${i}: upsertStructuredProperties(input: { assetUrn: "${models[i]}", structuredPropertyInputParams: [{ structuredPropertyUrn: "urn:li:structuredProperty:p", values: [{ stringValue: "v" }] }] }) { properties { structuredProperty { urn } } }`;
    sim.resetStats();
    const answer = await graphql(`mutation Set { ${models.map((_, i) => set(i)).join('\n')} }`, {});
    expect(answer.data).toBeNull();
    expect(answer.errors?.map((e) => e.path)).toEqual([['w1']]);
    expect(sim.stats().mutations).toBe(1);
    const held = await graphql(
      `query { entities(urns: ${JSON.stringify(models)}) { urn ... on MLModel { structuredProperties { properties { structuredProperty { urn } } } } } }`,
      {},
    );
    type Held = { structuredProperties: { properties: { structuredProperty: { urn: string } }[] } | null };
    const has = (held.data!.entities as Held[]).map((e) =>
      (e.structuredProperties?.properties ?? []).some(
        (p) => p.structuredProperty.urn === 'urn:li:structuredProperty:p',
      ),
    );
    expect(has).toEqual([true, false, false]);
  });

  it('plants only failures it can match, and forgets them on reset', async () => {
    sim = await startSim({ demo: true, port: 0 });
    expect((await post('/__sim/write-faults', { field: 'noSuchMutation', urn: models[0] })).status).toBe(400);
    expect((await post('/__sim/write-faults', { field: 'addTag', urn: 'nope' })).status).toBe(400);
    expect((await post('/__sim/write-faults', { field: 'addTag', urn: models[0], times: 0 })).status).toBe(400);
    expect((await post('/__sim/write-faults', { field: 'upsertLink', urn: models[0], times: 5 })).status).toBe(204);
    expect((await post('/__sim/write-faults/reset', {})).status).toBe(204);
    expect((await graphql(LINKS, linkVars)).errors).toBeUndefined();
    expect((await fetch(`${sim.url}/__sim/write-faults/reset`)).status).toBe(405);
  });
});
