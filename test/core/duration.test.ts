import { describe, expect, it } from 'vitest';
import { formatDuration, parseDuration } from '../../src/core/duration.js';

describe('parseDuration', () => {
  it.each([
    ['PT24H', 86_400_000],
    ['P1D', 86_400_000],
    ['PT1H30M', 5_400_000],
    ['P1W', 604_800_000],
    ['24h', 86_400_000],
    ['90m', 5_400_000],
    ['2d', 172_800_000],
    ['datetime.timedelta(seconds=3600)', 3_600_000],
    ['datetime.timedelta(days=1, seconds=7200)', 93_600_000],
    ['1:00:00', 3_600_000],
    ['2 days, 0:30:00', 174_600_000],
  ])('%s → %i ms', (text, ms) => expect(parseDuration(text)).toBe(ms));

  it.each([undefined, '', 'soon', 'P', 'PT', '0h', '-1h', 'datetime.timedelta(fortnights=1)'])(
    '%j is not a duration',
    (text) => expect(parseDuration(text)).toBeUndefined(),
  );

  it('formats for people', () => {
    expect(formatDuration(30 * 3_600_000)).toBe('1d 6h');
    expect(formatDuration(45_000)).toBe('45s');
    expect(formatDuration(0)).toBe('0s');
  });
});
