import { describe, expect, it } from 'vitest';
import type { Acceptance } from '../../../src/core/acceptance/acceptance.js';
import { honourAcceptances } from '../../../src/core/acceptance/honour.js';
import { MAX_HELD_ACCEPTANCES, planAcceptance } from '../../../src/core/acceptance/plan.js';
import { acceptanceStandings } from '../../../src/core/acceptance/standing.js';
import { acceptancesOf } from '../../../src/core/acceptance/stored.js';
import { acceptanceFor, DAY, iso, makeFinding, NOW } from './builders.js';

const stale = (n: number) => makeFinding('freshness_lag', n);
/** An acceptance made 7 days before it ends. */
const held = (n: number, until: number, by = 'carol.diaz') =>
  acceptanceFor(stale(n), { by, reason: `reason ${n}`, at: iso(until - 7 * DAY), until: iso(until) });
const policy = { defaultDays: 30, maxDays: 90 };
const plan = (existing: Acceptance[], n = 0) => {
  const r = planAcceptance(
    stale(n),
    existing,
    { finding: stale(n).key, reason: 'backfill', by: 'dev.patel' },
    policy,
    NOW,
  );
  if ('problems' in r) throw new Error(r.problems.join('; '));
  return acceptancesOf({ 'io.janus.accepted_risk': r.values });
};

describe('what an entity keeps of its acceptances (the audit)', () => {
  it('keeps the ended ones, of its key too, and the one of its key in force marked replaced, by whom and when', () => {
    const ended = held(0, NOW - DAY);
    const inForce = held(0, NOW + 5 * DAY, 'erin.walsh');
    const other = held(1, NOW + 5 * DAY);
    const after = plan([ended, inForce, other]);
    expect(after.map((a) => [a.key, a.by, a.until, a.replaced])).toEqual([
      [ended.key, 'carol.diaz', ended.until, undefined],
      [inForce.key, 'erin.walsh', inForce.until, { at: iso(NOW), by: 'dev.patel' }],
      [other.key, 'carol.diaz', other.until, undefined],
      [stale(0).key, 'dev.patel', iso(NOW + 30 * DAY), undefined],
    ]);
  });

  it('a replaced one is never in force again, and the record says who replaced it and when', () => {
    const after = plan([held(0, NOW + 5 * DAY, 'erin.walsh')]);
    // the new one is dropped by hand in DataHub's UI: the replaced one does not come back into force
    const replacedOnly = after.filter((a) => a.replaced);
    expect(honourAcceptances([stale(0)], replacedOnly, NOW)).toEqual({ counted: [stale(0)], accepted: [], lapsed: [] });
    const honoured = honourAcceptances([stale(0)], after, NOW);
    expect(honoured.accepted.map((a) => a.acceptance.by)).toEqual(['dev.patel']);
    const standings = acceptanceStandings({ accepted: honoured.accepted, lapsed: honoured.lapsed }, after, NOW);
    expect(standings.map((s) => [s.acceptance.by, s.status, s.lapse])).toEqual([
      ['dev.patel', 'active', undefined],
      ['erin.walsh', 'lapsed', `replaced on ${iso(NOW).slice(0, 10)} by dev.patel`],
    ]);
  });

  it('replaces one of its key only once: a third acceptance leaves the first as it was replaced', () => {
    const first = plan([held(0, NOW + 5 * DAY, 'erin.walsh')]);
    const r = planAcceptance(
      stale(0),
      first,
      { finding: stale(0).key, reason: 'still', by: 'carol.diaz' },
      policy,
      NOW + DAY,
    );
    if ('problems' in r) throw new Error(r.problems.join('; '));
    const third = acceptancesOf({ 'io.janus.accepted_risk': r.values });
    expect(third.map((a) => [a.by, a.replaced?.by])).toEqual([
      ['erin.walsh', 'dev.patel'],
      ['dev.patel', 'carol.diaz'],
      ['carol.diaz', undefined],
    ]);
  });

  it(`holds at most ${MAX_HELD_ACCEPTANCES}: the ones that ended first make room`, () => {
    const history = Array.from({ length: MAX_HELD_ACCEPTANCES }, (_, i) => held(100 + i, NOW - (i + 1) * DAY));
    const after = plan(history);
    expect(after).toHaveLength(MAX_HELD_ACCEPTANCES);
    // the oldest to end (the last made here) is the one gone
    expect(after.map((a) => a.key)).not.toContain(history.at(-1)!.key);
    expect(after.map((a) => a.key)).toContain(history[0]!.key);
  });
});
