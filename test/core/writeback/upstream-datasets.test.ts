import { describe, expect, it } from 'vitest';
import { upstreamDatasetsByModel, upstreamDatasetsFromBelow } from '../../../src/core/writeback/upstream-datasets.js';
import type { ModelRef } from '../../../src/core/verdict.js';

const model = (urn: string): ModelRef => ({ urn, name: urn.split(',')[1] ?? urn });

/** Every model's datasets, flattened back out of its groups. */
function flatten(u: ReturnType<typeof upstreamDatasetsByModel>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(u.ofModel).map(([m, gs]) => [m, gs.flatMap((g) => u.groups[g]!).sort()]));
}

describe('upstream datasets as groups', () => {
  it('by model: one group a model, the same datasets', () => {
    const each = { a: ['d1', 'd2'], b: ['d2'] };
    const u = upstreamDatasetsByModel(each);
    expect(u.groups).toHaveLength(2);
    expect(flatten(u)).toEqual({ a: ['d1', 'd2'], b: ['d2'] });
  });

  it('from below: datasets sharing one list of models share one group, and every model still finds each of its datasets', () => {
    const ab = [model('a'), model('b')];
    const b = [model('b')];
    const u = upstreamDatasetsFromBelow({ d1: ab, d2: ab, d3: b, d4: ab });
    expect(u.groups).toEqual([['d1', 'd2', 'd4'], ['d3']]);
    expect(flatten(u)).toEqual({ a: ['d1', 'd2', 'd4'], b: ['d1', 'd2', 'd3', 'd4'] });
  });

  it('from below: a dataset no model reads gives no model an entry', () => {
    const u = upstreamDatasetsFromBelow({ lonely: [] });
    expect(u.ofModel).toEqual({});
  });
});
