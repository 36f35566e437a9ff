import { describe, expect, it } from 'vitest';
import { PLANNED_WRITE_KINDS } from '../../../src/core/writeback/plan.js';
import {
  exhaustiveList,
  WRITE_ORDER,
  WRITE_SPECS,
  type WriteKind,
} from '../../../src/datahub/writeback/write-kinds.js';

describe('WRITE_ORDER', () => {
  it('holds every write kind once, and nothing else', () => {
    expect(new Set(WRITE_ORDER).size).toBe(WRITE_ORDER.length);
    expect([...WRITE_ORDER].sort()).toEqual(Object.keys(WRITE_SPECS).sort());
    expect([...WRITE_ORDER].sort()).toEqual([...PLANNED_WRITE_KINDS, 'clearReasons'].sort());
  });

  // `tsc -p tsconfig.json` (npm run typecheck) checks this file: each `@ts-expect-error` fails it when its line
  // compiles, so a write kind missing from a list built like WRITE_ORDER is a compile error
  it('fails to compile when a write kind is missing', () => {
    const withoutAddTag = WRITE_ORDER.filter((k) => k !== 'addTag') as Exclude<WriteKind, 'addTag'>[];
    // @ts-expect-error: addTag is missing
    exhaustiveList<WriteKind>()([
      'createTag',
      'createProperty',
      'raiseIncident',
      'resolveIncident',
      'reopenIncident',
      'upsertAssertion',
      'reportAssertion',
      'recordAssertion',
      'setTrust',
      'setReasons',
      'removeTag',
      'clearReasons',
      'removeLink',
      'upsertLink',
    ]);
    // @ts-expect-error: a list typed without a kind cannot stand for all of them
    exhaustiveList<WriteKind>()(withoutAddTag);
    // a kind the union does not have is refused too
    // @ts-expect-error: not a write kind
    exhaustiveList<WriteKind>()([...WRITE_ORDER, 'dropTable']);
    // every kind: compiles, and is the list itself
    const all = exhaustiveList<'a' | 'b'>()(['b', 'a']);
    expect(all).toEqual(['b', 'a']);
  });
});
