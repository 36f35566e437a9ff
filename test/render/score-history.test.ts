import { describe, expect, it } from 'vitest';
import { sparkline, withChanges } from '../../src/render/score-history.js';

describe('score history rendering', () => {
  it('a bar per score from 0 to 100', () => {
    expect(sparkline([0, 12, 50, 99, 100])).toBe('▁▁▅██');
  });

  it('each change is against the judgment before it, the oldest against the one given', () => {
    const e = (score: number) => ({ scannedAt: `t${score}`, score, band: 'caution' as const });
    expect(withChanges([e(60), e(70)]).map((c) => c.change)).toEqual([-10, null]);
    expect(withChanges([e(60), e(70)], e(75)).map((c) => c.change)).toEqual([-10, -5]);
  });
});
