import { describe, expect, it } from 'vitest';
import { deprecatedUpstream } from '../../../src/core/detectors/deprecated-upstream.js';
import { ds } from '../builder.js';
import { chain } from './chains.js';
import { findingsOf } from './rule.js';

describe('deprecated_upstream', () => {
  it('fires on upstream entities marked deprecated, and only those, with the note', () => {
    const b = chain()
      .dataset('raw', { deprecated: { note: 'use raw_v2' } })
      .lineage('clean', 'raw');
    expect(findingsOf(deprecatedUpstream, b.g).map((f) => [f.entity, f.weight, f.message, f.evidence])).toEqual([
      [ds('raw'), 10, 'raw is deprecated (use raw_v2).', { note: 'use raw_v2' }],
    ]);
    expect(findingsOf(deprecatedUpstream, chain().g)).toEqual([]);
  });

  it('words a deprecation without a note', () => {
    const b = chain().dataset('raw', { deprecated: {} }).lineage('clean', 'raw');
    const [f] = findingsOf(deprecatedUpstream, b.g);
    expect(f!.evidence).toEqual({ note: null });
    expect(deprecatedUpstream.phrasing.sentence(f!)).toBe('raw is deprecated, yet still upstream.');
    expect(deprecatedUpstream.phrasing.title(f!, ds('raw'))).toBe('raw is deprecated but ML models still depend on it');
  });
});
