import { describe, expect, it } from 'vitest';
import { prettyJsonPieces } from '../../src/render/json-pieces.js';

const whole = (v: Record<string, unknown>) => [...prettyJsonPieces(v)].join('');

describe('prettyJsonPieces', () => {
  it('joins to exactly JSON.stringify(value, null, 2)', () => {
    const samples: Record<string, unknown>[] = [
      { models: [{ name: 'a', findings: [{ message: 'line one\nline two', evidence: { chains: [['x', 'y']] } }] }, { name: 'b', findings: [] }], plan: [] },
      { models: [], plan: [{ kind: 'addTag', model: 'urn:li:mlModel:(x,y,PROD)' }], applied: [], failed: [{ kind: 'x', error: 'tab\there "quoted"' }] },
      { empty: {}, nothing: null, number: 3, skipped: undefined, list: [1, undefined, 'two'] },
      {},
    ];
    for (const v of samples) expect(whole(v)).toBe(JSON.stringify(v, null, 2));
  });

  it('gives each element of a top-level array its own piece, so no piece holds the whole', () => {
    const pieces = [...prettyJsonPieces({ models: ['a', 'b', 'c'], plan: [] })];
    expect(pieces.filter((p) => /"[abc]"/.test(p))).toHaveLength(3);
  });
});
