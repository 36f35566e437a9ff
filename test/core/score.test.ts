import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICY } from '../../src/core/detectors/registered.js';
import type { DetectorName, Finding } from '../../src/core/finding.js';
import { score, worstSeverity } from '../../src/core/score.js';

const f = (detector: DetectorName, n = 0): Finding => ({
  detector,
  ...DEFAULT_POLICY[detector]!,
  entity: `urn:li:dataset:${n}`,
  key: `${detector}:${n}`,
  message: `${detector} ${n}`,
  evidence: {},
});

describe('score', () => {
  it.each([
    [[], 100, 'trusted'],
    [[f('missing_owner')], 90, 'trusted'],
    [[f('missing_owner'), f('missing_owner', 1)], 80, 'trusted'],
    [[f('freshness_lag'), f('missing_owner')], 75, 'caution'],
    [[f('upstream_failure')], 60, 'caution'],
    [[f('upstream_failure'), f('missing_owner')], 50, 'caution'],
    [[f('upstream_failure'), f('freshness_lag')], 45, 'at_risk'],
    [[f('upstream_failure'), f('upstream_failure', 1), f('freshness_lag')], 5, 'at_risk'],
    [[f('upstream_failure'), f('upstream_failure', 1), f('upstream_failure', 2)], 0, 'at_risk'],
  ] as const)('%# %j → %i %s', (findings, expected, band) => {
    const s = score([...findings]);
    expect(s.score).toBe(expected);
    expect(s.band).toBe(band);
    expect(s.deductions.map((d) => d.key)).toEqual(findings.map((x) => x.key));
  });

  it('caps the band at at_risk on a critical finding whatever the score', () => {
    const s = score([f('target_leakage')]);
    expect(s).toMatchObject({ score: 80, band: 'at_risk', capped: { by: 'target_leakage:0', severity: 'critical' } });
  });

  it.each([
    ['none', 'trusted'],
    ['high', 'at_risk'],
  ] as const)('the cap is configurable (capAt %s → %s)', (capAt, band) => {
    expect(score([f('removed_upstream')], { trusted: 80, caution: 50, capAt }).band).toBe(band);
  });

  it('reports the worst severity', () => {
    expect(worstSeverity([])).toBeUndefined();
    expect(worstSeverity([f('missing_owner'), f('upstream_failure'), f('freshness_lag')])).toBe('high');
  });
});
