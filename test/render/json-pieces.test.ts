import { describe, expect, it } from 'vitest';
import { prettyJsonPieces, prettyJsonStream } from '../../src/render/json-pieces.js';

const whole = (v: Record<string, unknown>) => [...prettyJsonPieces(v)].join('');

describe('prettyJsonPieces', () => {
  it('joins to exactly JSON.stringify(value, null, 2)', () => {
    const samples: Record<string, unknown>[] = [
      {
        models: [
          { name: 'a', findings: [{ message: 'line one\nline two', evidence: { chains: [['x', 'y']] } }] },
          { name: 'b', findings: [] },
        ],
        plan: [],
      },
      {
        models: [],
        plan: [{ kind: 'addTag', model: 'urn:li:mlModel:(x,y,PROD)' }],
        applied: [],
        failed: [{ kind: 'x', error: 'tab\there "quoted"' }],
      },
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

describe('prettyJsonStream', () => {
  const streamed = (key: string, items: unknown[], rest: Record<string, unknown>) => {
    const stream = prettyJsonStream(key);
    return [...items.map((v) => stream.item(v)), ...stream.end(rest)].join('');
  };

  it('writes the items as they come, then the rest, as exactly JSON.stringify({ [key]: items, ...rest }, null, 2)', () => {
    const cases: [unknown[], Record<string, unknown>][] = [
      [
        [
          { name: 'a', findings: [{ message: 'line one\nline two' }] },
          { name: 'b', findings: [] },
        ],
        { plan: [{ kind: 'addTag' }], applied: [], failed: [] },
      ],
      [[], { plan: [] }],
      [['only'], {}],
      [[], {}],
      [[1, undefined, 'two'], { skipped: undefined, plan: [{ kind: 'x' }] }],
    ];
    for (const [items, rest] of cases)
      expect(streamed('models', items, rest)).toBe(JSON.stringify({ models: items, ...rest }, null, 2));
  });

  it('gives each item one piece, written before the next arrives', () => {
    const stream = prettyJsonStream('models');
    expect(stream.item('a')).toContain('"a"');
    expect(stream.item('b')).toBe(',\n    "b"');
  });
});
