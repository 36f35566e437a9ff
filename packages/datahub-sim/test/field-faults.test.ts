import { describe, expect, it } from 'vitest';
import { DEMO } from '../src/demo/index.js';
import type { RunningSim } from '../src/index.js';
import { useSims } from './support/running-sim.js';

const sim = useSims({ demo: true });

const urns = [DEMO.datasets.transactions, DEMO.datasets.customers, DEMO.datasets.txnFeatures];
const READ = `query Read($urns: [String!]!) {
  entities(urns: $urns) {
    urn
    ... on Dataset { name upstream: lineage(input: {direction: UPSTREAM, count: 10}) { total } }
  }
}`;
type Answer = {
  data?: { entities: ({ urn: string; name: string; upstream: { total: number } | null } | null)[] } | null;
  errors?: { message: string; path?: (string | number)[]; extensions?: Record<string, unknown> }[];
};
const read = async (s: RunningSim) =>
  (await (
    await fetch(`${s.url}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: READ, variables: { urns } }),
    })
  ).json()) as Answer;
const post = (s: RunningSim, path: string, body: unknown) =>
  fetch(`${s.url}${path}`, { method: 'POST', body: JSON.stringify(body) });

describe('field faults: GMS fails one field of one entity, not the read', () => {
  it('answers the other entities and fields, that field null, its error under its own path', async () => {
    const s = await sim();
    expect((await post(s, '/__sim/field-faults', { field: 'lineage', urn: urns[1], times: 1 })).status).toBe(204);
    const answer = await read(s);
    const [a, b, c] = answer.data!.entities;
    expect(a!.upstream).not.toBeNull();
    expect(c!.upstream).not.toBeNull();
    expect(b).toEqual({ urn: urns[1], name: expect.any(String), upstream: null });
    expect(answer.errors).toEqual([
      {
        message: `Failed to fetch lineage for ${urns[1]}`,
        locations: expect.any(Array),
        path: ['entities', 1, 'upstream'],
        extensions: { code: 500, type: 'SERVER_ERROR', classification: 'DataFetchingException' },
      },
    ]);
    // `times: 1`: the next read is whole again
    expect(await (await fetch(`${s.url}/__sim/field-faults`)).json()).toEqual([]);
    expect((await read(s)).errors).toBeUndefined();
  });

  it('keeps failing a field planted without times, until reset', async () => {
    const s = await sim();
    await post(s, '/__sim/field-faults', { field: 'lineage', urn: urns[0] });
    expect((await read(s)).errors).toHaveLength(1);
    expect((await read(s)).errors).toHaveLength(1);
    await post(s, '/__sim/field-faults/reset', {});
    expect((await read(s)).errors).toBeUndefined();
  });

  it('fails a seeded share of entity fields with fieldFailRate', async () => {
    const s = await sim({ fieldFailRate: 0.5, seed: 3 });
    const answers = await Promise.all(Array.from({ length: 6 }, () => read(s)));
    const failed = answers.flatMap((a) => a.errors ?? []);
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.length).toBeLessThan(18);
    for (const e of failed) expect(e.path?.slice(0, 1)).toEqual(['entities']);
    expect(answers.every((a) => a.data?.entities.length === 3)).toBe(true);
  });

  it('refuses a field that has no fetcher of its own, and a body that is not a fault', async () => {
    const s = await sim();
    expect((await post(s, '/__sim/field-faults', { field: 'noSuchField', urn: urns[0] })).status).toBe(400);
    expect((await post(s, '/__sim/field-faults', { field: 'lineage', urn: 'x' })).status).toBe(400);
    expect((await post(s, '/__sim/field-faults', { field: 'lineage', urn: urns[0], times: 0 })).status).toBe(400);
  });
});
