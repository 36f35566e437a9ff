import { describe, expect, it } from 'vitest';
import { honourAcceptances } from '../../../src/core/acceptance/honour.js';
import { acceptanceStandings } from '../../../src/core/acceptance/standing.js';
import { acceptanceFor, DAY, iso, makeFinding, NOW } from './builders.js';

const stale = (n: number) => makeFinding('freshness_lag', n);
const accepted = (n: number, until: number, by = 'carol') =>
  acceptanceFor(stale(n), { by, reason: `reason ${n}`, until: iso(until) });

describe('where each acceptance a model holds stands (the audit list)', () => {
  it('in force, lapsed with why, and, for a finding gone, in force until it ends then lapsed: active first', () => {
    const stored = [
      accepted(9, NOW + DAY, 'gone-open'),
      accepted(8, NOW - DAY, 'gone-ended'),
      accepted(2, NOW - DAY, 'ended'),
      accepted(1, NOW + DAY, 'holding'),
    ];
    const verdict = honourAcceptances([stale(1), stale(2)], stored, NOW);
    expect(
      acceptanceStandings(verdict, stored, NOW).map((s) => [s.acceptance.by, s.status, s.lapse, s.finding?.key]),
    ).toEqual([
      ['holding', 'active', undefined, stale(1).key],
      ['ended', 'lapsed', `expired on ${iso(NOW - DAY).slice(0, 10)}`, stale(2).key],
      ['gone-ended', 'lapsed', `expired on ${iso(NOW - DAY).slice(0, 10)}`, undefined],
      ['gone-open', 'clear', undefined, undefined],
    ]);
  });

  it('lists nothing for a model that holds none; a verdict alone lists what it names', () => {
    expect(acceptanceStandings({}, [], NOW)).toEqual([]);
    const held = [accepted(1, NOW + DAY)];
    expect(acceptanceStandings(honourAcceptances([stale(1)], held, NOW), [], NOW)).toMatchObject([
      { status: 'active', acceptance: held[0] },
    ]);
  });
});
