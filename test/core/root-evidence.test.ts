import { describe, expect, it } from 'vitest';
import { RootEvidence } from '../../src/core/detectors/root-evidence.js';

const effect = { key: 'k', entity: 'urn:li:dataset:x', message: 'm' };

describe("a root's evidence, worked out when read", () => {
  it('reads as the plain evidence it stands for: own fields, then effects and count, in JSON in that order', () => {
    let walks = 0;
    const e = new RootEvidence(
      { lagMs: 5, slaMs: 1 },
      { effects: (reach: string) => (walks++, reach === 'spread' ? [effect] : []), count: () => (walks++, 3) },
      'spread',
    );
    expect(walks).toBe(0);
    expect(JSON.stringify(e)).toBe(
      JSON.stringify({ lagMs: 5, slaMs: 1, downstreamEffects: [effect], downstreamDatasets: 3 }),
    );
    expect(e.downstreamEffects).toEqual([effect]);
    expect(e.downstreamDatasets).toBe(3);
    expect(walks).toBe(2); // each worked out once
    expect((e as unknown as Record<string, unknown>).lagMs).toBe(5);
  });

  it('works out nothing until one of the two is read', () => {
    let walks = 0;
    const e = new RootEvidence({ lagMs: 5 }, { effects: () => (walks++, []), count: () => (walks++, 0) }, 'spread');
    expect(Object.keys(e)).toEqual(['lagMs']);
    expect(walks).toBe(0);
    expect(e.downstreamDatasets).toBe(0);
    expect(walks).toBe(1);
  });
});
