import { describe, expect, it } from 'vitest';
import { otherModels } from '../../src/core/other-models.js';
import type { ModelRef } from '../../src/core/verdict.js';

const model = (name: string): ModelRef => ({ urn: `urn:li:mlModel:(urn:li:dataPlatform:mlflow,${name},PROD)`, name });
const list = (...names: string[]) => names.sort().map(model);
const verdict = (self: string, ...lists: ModelRef[][]) => ({
  model: model(self),
  blastRadius: lists.map((models, i) => ({ dataset: `d${i}`, models })),
});

describe('the other models a verdict reaches', () => {
  it('counts the union of its lists without the model itself, and names the first by name', () => {
    const shared = list('a', 'b', 'c', 'self');
    const r = otherModels(verdict('self', shared, shared, list('c', 'd', 'e')), 3);
    expect(r.count).toBe(5);
    expect(r.listed.map((m) => m.name)).toEqual(['a', 'b', 'c']);
  });

  it('finds the first names across lists, wherever the model itself sorts', () => {
    const r = otherModels(verdict('a', list('a', 'x', 'y', 'z'), list('b', 'w')), 2);
    expect(r).toEqual({ count: 5, listed: [model('b'), model('w')] });
  });

  it('is zero with no blast radius, or only the model itself below its datasets', () => {
    expect(otherModels(verdict('m'), 5)).toEqual({ count: 0, listed: [] });
    expect(otherModels(verdict('m', list('m'), []), 5)).toEqual({ count: 0, listed: [] });
  });

  it('counts past 32 models a list and across equal lists given twice', () => {
    const many = list(...Array.from({ length: 100 }, (_, i) => `m${String(i).padStart(3, '0')}`));
    const r = otherModels(verdict('m050', many, [...many]), 5);
    expect(r.count).toBe(99);
    expect(r.listed.map((m) => m.name)).toEqual(['m000', 'm001', 'm002', 'm003', 'm004']);
  });
});
