import { describe, expect, it } from 'vitest';
import { writeData } from '../../src/queues/payloads.js';
import { PLANNED_WRITE_KINDS } from '../../src/core/writeback/plan.js';

describe('write job payloads', () => {
  it('accept a write of every kind a plan holds', () => {
    for (const kind of PLANNED_WRITE_KINDS)
      expect(writeData.safeParse({ cycle: 'c1', writes: [{ kind, model: 'urn:li:mlModel:m' }] }).success, kind).toBe(
        true,
      );
  });

  it('refuse a kind no plan holds, and an empty list of writes', () => {
    expect(writeData.safeParse({ cycle: 'c1', writes: [{ kind: 'dropTable' }] }).success).toBe(false);
    expect(writeData.safeParse({ cycle: 'c1', writes: [] }).success).toBe(false);
  });
});
