import { Kind, parse, validate } from 'graphql';
import { afterEach, describe, expect, it } from 'vitest';
import { downstreamModels } from '../../src/datahub/queries/downstream-models.js';
import { buildSimSchema } from '@janus/datahub-sim/in-process';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { DEMO } from '@janus/datahub-sim/demo';
import { createDataHubClient } from '../../src/datahub/client.js';

const MAX = downstreamModels.max;

describe('an aliased lookup: one field repeated in one document', () => {
  it('numbers each copy and its variables, and stays valid against the schema at every size', () => {
    const schema = buildSimSchema({});
    for (const slots of [1, 9, 100, MAX]) {
      const op = downstreamModels.forSlots(slots);
      const doc = parse(op.document);
      expect(validate(schema, doc)).toEqual([]);
      const aliases = doc.definitions.flatMap((d) =>
        d.kind === Kind.OPERATION_DEFINITION ? d.selectionSet.selections : [],
      );
      expect(aliases.length).toBeGreaterThanOrEqual(slots);
      expect(aliases.length).toBeLessThanOrEqual(MAX);
    }
  });

  it('gives each slot its own variables, and a handful of documents for any count', () => {
    expect(downstreamModels.slotVars(3, { d: 'urn:x', scrollId: 's' })).toEqual({
      d3: 'urn:x',
      scrollId3: 's',
      has3: true,
    });
    expect(downstreamModels.alias(3)).toBe('m3');
    const sizes = new Set(Array.from({ length: MAX }, (_, i) => downstreamModels.forSlots(i + 1).document));
    expect(sizes.size).toBe(Math.log2(MAX) - 2);
  });
});

describe('a page after the first', () => {
  let s: RunningSim | undefined;
  afterEach(() => s?.close());

  it("follows one dataset's scroll with the shared $scrollId, page by page", async () => {
    s = await startSim({ demo: true, port: 0 });
    const client = createDataHubClient({ url: s.url });
    const ask = async (d: string, scrollId?: string) =>
      (
        await client.request(downstreamModels.forSlots(1), {
          ...downstreamModels.slotVars(0, { d }),
          scrollId,
          count: 1,
        })
      )[downstreamModels.alias(0)];
    const source = DEMO.datasets.transactions; // raw payments: several models below it
    const first = await ask(source);
    expect(first?.total).toBeGreaterThan(1);
    const second = await ask(source, first!.nextScrollId!);
    expect(second?.searchResults).toHaveLength(1);
    expect(second!.searchResults[0]!.entity.urn).not.toBe(first!.searchResults[0]!.entity.urn);
  });
});
