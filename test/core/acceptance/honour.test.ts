import { describe, expect, it } from 'vitest';
import { honourAcceptances } from '../../../src/core/acceptance/honour.js';
import { chainId, lapseOf, shapeOf } from '../../../src/core/acceptance/lapse.js';
import { acceptanceProblems, acceptedUntil } from '../../../src/core/acceptance/limits.js';
import { acceptedSentence } from '../../../src/core/acceptance/words.js';
import type { Severity } from '../../../src/core/finding.js';
import { score } from '../../../src/core/score.js';
import { evidenceFingerprint } from '../../../src/core/writeback/human-resolutions.js';
import { acceptanceFor, DAY, iso, makeFinding, NOW } from './builders.js';

const CHAINS = [['feature', 'shared', 'label']];
const accepting = (chains: string[][]) => ({ chains: { ids: chains.map(chainId), longest: 3 } });
const leak = (chains = CHAINS, severity?: Severity) => ({
  ...makeFinding('target_leakage', 0, { chains }),
  ...(severity ? { severity } : {}),
});

describe('an acceptance in force', () => {
  it('takes its finding out of the score and the band, and keeps it in sight with who, why, until', () => {
    const l = leak();
    const owner = makeFinding('missing_owner', 1);
    const h = honourAcceptances([l, owner], [acceptanceFor(l)], NOW);
    expect(h.counted).toEqual([owner]);
    expect(h.accepted).toEqual([{ finding: l, acceptance: acceptanceFor(l) }]);
    expect(score(h.counted)).toMatchObject({ score: 90, band: 'trusted' });
    expect(score([l, owner])).toMatchObject({ score: 70, band: 'at_risk' });
  });

  it('covers only its own key', () => {
    const h = honourAcceptances(
      [makeFinding('missing_owner', 1)],
      [acceptanceFor(makeFinding('missing_owner', 2))],
      NOW,
    );
    expect(h).toEqual({ counted: [makeFinding('missing_owner', 1)], accepted: [], lapsed: [] });
  });

  it('reads as the issue words it', () => {
    const l = leak();
    const [a] = honourAcceptances([l], [acceptanceFor(l, { until: '2027-01-05T00:00:00.000Z' })], NOW).accepted;
    expect(acceptedSentence([a!])).toBe("1 finding accepted by carol.diaz until 5 Jan: 'backfill running'");
  });

  it('of several of one key, the one still holding wins', () => {
    const l = leak();
    const old = acceptanceFor(l, { by: 'old', until: iso(NOW - DAY) });
    const fresh = acceptanceFor(l, { by: 'fresh' });
    expect(honourAcceptances([l], [old, fresh], NOW).accepted[0]!.acceptance.by).toBe('fresh');
  });
});

describe('an acceptance lapses', () => {
  const l = leak();
  it.each([
    ['at its end', acceptanceFor(l, { until: iso(NOW) }), l, 'expired on 2026-12-06'],
    ['after its end', acceptanceFor(l, { until: iso(NOW - DAY) }), l, 'expired on 2026-12-05'],
    [
      'when a longer chain appears',
      acceptanceFor(l, { accepted: accepting(CHAINS) }),
      leak([...CHAINS, ['feature', 'a', 'b', 'shared', 'label']]),
      'a longer column chain appeared (5 columns, 3 accepted)',
    ],
    [
      'when another chain of the same length appears',
      acceptanceFor(l, { accepted: accepting(CHAINS) }),
      leak([...CHAINS, ['feature', 'other', 'label']]),
      'a new column chain appeared (1 beyond the 1 accepted)',
    ],
    [
      'when the severity rises',
      acceptanceFor(makeFinding('freshness_lag'), { accepted: { severity: 'medium' } }),
      { ...makeFinding('freshness_lag'), severity: 'high' as const },
      'its severity rose from medium to high',
    ],
    [
      'when the evidence changes (a new episode)',
      acceptanceFor(makeFinding('upstream_failure'), {
        accepted: { evidence: evidenceFingerprint(makeFinding('upstream_failure', 0, { run: 1 })) },
      }),
      makeFinding('upstream_failure', 0, { run: 2 }),
      'its evidence changed since it was accepted (a new episode)',
    ],
  ])('%s', (_, acceptance, finding, why) => {
    expect(lapseOf(acceptance, finding, NOW)).toBe(why);
    const h = honourAcceptances([finding], [acceptance], NOW);
    expect(h.counted).toEqual([finding]);
    expect(h.lapsed).toEqual([{ finding, acceptance, lapse: why }]);
  });

  it.each([
    ['the same chains', acceptanceFor(l, { accepted: accepting(CHAINS) }), l],
    ['fewer chains', acceptanceFor(l, { accepted: accepting([...CHAINS, ['feature', 'x', 'label']]) }), l],
    [
      'a lower severity',
      acceptanceFor(makeFinding('freshness_lag'), { accepted: { severity: 'high' } }),
      makeFinding('freshness_lag'),
    ],
    [
      'the same evidence, however late it is now',
      acceptanceFor(makeFinding('freshness_lag'), {
        accepted: { evidence: evidenceFingerprint(makeFinding('freshness_lag', 0, { lagMs: 1 })) },
      }),
      makeFinding('freshness_lag', 0, { lagMs: 99 }),
    ],
  ])('not on %s', (_, acceptance, finding) => {
    expect(lapseOf(acceptance, finding, NOW)).toBeUndefined();
  });
});

describe('what an acceptance keeps of its finding', () => {
  it("a leak's chains by fingerprint and the longest's length; any other finding's evidence fingerprint", () => {
    const l = leak([CHAINS[0]!, ['feature', 'a', 'shared', 'label']]);
    expect(shapeOf(l)).toEqual({
      severity: 'critical',
      chains: { ids: [chainId(CHAINS[0]!), chainId(['feature', 'a', 'shared', 'label'])], longest: 4 },
    });
    const stale = makeFinding('freshness_lag', 0, { lastUpdated: 1 });
    expect(shapeOf(stale)).toEqual({ severity: 'medium', evidence: evidenceFingerprint(stale) });
    expect(lapseOf(acceptanceFor(l, { accepted: shapeOf(l) }), l, NOW)).toBeUndefined();
  });
});

describe('the limits on an acceptance', () => {
  const policy = { defaultDays: 30, maxDays: 90 };
  const draft = { key: 'k', by: 'carol', reason: 'why', until: iso(NOW + 30 * DAY) };
  it('lets a reasoned one within the maximum stand', () => {
    expect(acceptanceProblems(draft, policy, NOW)).toEqual([]);
    expect(acceptanceProblems({ ...draft, until: iso(NOW + 90 * DAY) }, policy, NOW)).toEqual([]);
  });
  it.each([
    [{ reason: ' ' }, 'reason is required: say why the risk is acceptable'],
    [{ by: '' }, 'by is required: who accepts the risk'],
    [{ until: 'soon' }, 'until soon is not a date (2027-01-05 or 2027-01-05T12:00:00Z)'],
    [
      { until: iso(NOW + 91 * DAY) },
      `until ${iso(NOW + 91 * DAY)} is 91 days after today, past the maximum of 90 (judge.acceptance.maxDays)`,
    ],
    [
      { at: iso(NOW - 60 * DAY), until: iso(NOW + 31 * DAY) },
      `until ${iso(NOW + 31 * DAY)} is 91 days after ${iso(NOW - 60 * DAY)}, past the maximum of 90 (judge.acceptance.maxDays)`,
    ],
  ])('refuses %j', (over, problem) => {
    expect(acceptanceProblems({ ...draft, ...over }, policy, NOW)).toEqual([problem]);
  });
  it('lasts the default when it names no end', () => {
    expect(acceptedUntil(policy, NOW)).toBe(iso(NOW + 30 * DAY));
    expect(acceptedUntil(policy, NOW, 7)).toBe(iso(NOW + 7 * DAY));
  });
});
