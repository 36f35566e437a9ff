import { describe, expect, it } from 'vitest';
import type { Acceptance } from '../../../src/core/acceptance/acceptance.js';
import { MAX_HELD_ACCEPTANCES, planAcceptance } from '../../../src/core/acceptance/plan.js';
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
  it('keeps the ended ones, of its key too, and replaces only the one of its key still in force', () => {
    const ended = held(0, NOW - DAY);
    const inForce = held(0, NOW + 5 * DAY, 'erin.walsh');
    const other = held(1, NOW + 5 * DAY);
    const after = plan([ended, inForce, other]);
    expect(after.map((a) => [a.key, a.by, a.until])).toEqual([
      [ended.key, 'carol.diaz', ended.until],
      [other.key, 'carol.diaz', other.until],
      [stale(0).key, 'dev.patel', iso(NOW + 30 * DAY)],
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
