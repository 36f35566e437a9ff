import { describe, expect, it } from 'vitest';
import { removedUpstream } from '../../../src/core/detectors/removed-upstream.js';
import { ds } from '../builder.js';
import { chain } from './chains.js';
import { findingsOf } from './rule.js';

describe('removed_upstream', () => {
  it('fires on upstream entities DataHub removed, and only those', () => {
    const b = chain().dataset('raw', { removed: true }).lineage('clean', 'raw');
    expect(findingsOf(removedUpstream, b.g).map((f) => [f.entity, f.severity, f.key])).toEqual([
      [ds('raw'), 'high', `removed_upstream:${ds('raw')}`],
    ]);
    expect(findingsOf(removedUpstream, chain().g)).toEqual([]);
  });
});
