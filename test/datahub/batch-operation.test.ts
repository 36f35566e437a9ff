import { parse, validate, type FieldNode, type OperationDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import type { BatchOperation } from '../../src/datahub/batch-operation.js';
import * as writes from '../../src/datahub/queries/write-ops.js';
import { simSchema } from '@janus/datahub-sim/in-process';

const ops = Object.entries(writes) as [string, BatchOperation<Record<string, unknown>, unknown>][];

describe('batches of one mutation', () => {
  it.each(ops)(
    "%s: a batch of 1 or 40 is a valid document of DataHub's schema (the simulator's faithful subset)",
    (_name, op) => {
      for (const size of [1, 40]) {
        const doc = parse(op.document(size));
        expect(validate(simSchema(), doc)).toEqual([]);
        const [def] = doc.definitions;
        expect(def).toMatchObject({ kind: 'OperationDefinition', operation: 'mutation', name: { value: op.name } });
        const fields = (def as OperationDefinitionNode).selectionSet.selections as FieldNode[];
        expect(fields.map((f) => f.alias?.value)).toEqual(Array.from({ length: size }, (_, i) => `w${i}`));
        expect(new Set(fields.map((f) => f.name.value))).toEqual(new Set([op.field]));
      }
    },
  );

  it("numbers each write's variables after its alias", () => {
    const op = writes.updateIncidentStatusOp;
    expect(op.document(2)).toContain('w1: updateIncidentStatus(urn: $urn_1, input: $input_1)');
    expect(
      op.variables([
        { urn: 'a', input: { x: 1 } },
        { urn: 'b', input: { x: 2 } },
      ]),
    ).toEqual({ urn_0: 'a', input_0: { x: 1 }, urn_1: 'b', input_1: { x: 2 } });
  });
});
