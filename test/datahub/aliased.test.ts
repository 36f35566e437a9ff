import { Kind, parse, validate, visit } from 'graphql';
import { describe, expect, it } from 'vitest';
import { DOWNSTREAM_PER_REQUEST, downstreamModels } from '../../src/datahub/queries/downstream-models.js';
import { buildSimSchema } from '@janus/datahub-sim/in-process';

/** GMS's default `graphQL.query.complexityLimit`: graphql-java counts one a field. */
const GMS_COMPLEXITY_LIMIT = 2000;
const fields = (text: string) => {
  let n = 0;
  visit(parse(text), { Field: () => void n++ });
  return n;
};

describe('an aliased lookup: one field repeated in one document', () => {
  it('numbers each copy and its variables, and stays valid against the schema at every size', () => {
    const schema = buildSimSchema({});
    for (const slots of [1, 9, 100, DOWNSTREAM_PER_REQUEST]) {
      const op = downstreamModels.forSlots(slots);
      const doc = parse(op.document);
      expect(validate(schema, doc)).toEqual([]);
      const aliases = doc.definitions.flatMap((d) =>
        d.kind === Kind.OPERATION_DEFINITION ? d.selectionSet.selections : [],
      );
      expect(aliases.length).toBeGreaterThanOrEqual(slots);
      expect(aliases.length).toBeLessThanOrEqual(DOWNSTREAM_PER_REQUEST);
      expect(fields(op.document)).toBeLessThanOrEqual(GMS_COMPLEXITY_LIMIT);
    }
  });

  it('gives each slot its own variables, and a handful of documents for any count', () => {
    expect(downstreamModels.slotVars(3, { d: 'urn:x', scrollId: 's' })).toEqual({
      d3: 'urn:x',
      scrollId3: 's',
      has3: true,
    });
    expect(downstreamModels.alias(3)).toBe('m3');
    const sizes = new Set(
      Array.from({ length: DOWNSTREAM_PER_REQUEST }, (_, i) => downstreamModels.forSlots(i + 1).document),
    );
    expect(sizes.size).toBe(Math.log2(DOWNSTREAM_PER_REQUEST) - 2);
  });
});
