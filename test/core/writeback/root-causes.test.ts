import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICY } from '../../../src/core/detectors/registered.js';
import { finding } from '../../../src/core/finding.js';
import type { ModelRef, Verdict } from '../../../src/core/verdict.js';
import { RootCauseCollector, rootCauses } from '../../../src/core/writeback/root-causes.js';

const RAW = 'urn:li:dataset:(urn:li:dataPlatform:snowflake,raw.events,PROD)';
const model = (name: string): ModelRef => ({ urn: `urn:li:mlModel:(urn:li:dataPlatform:mlflow,${name},PROD)`, name });
const stale = finding(DEFAULT_POLICY, 'freshness_lag', {
  entity: RAW,
  key: `freshness_lag:${RAW}`,
  message: 'raw.events is late',
  evidence: {},
});

/** A verdict with the stale finding, and the models below raw.events as the catalog lists them. */
function verdict(m: ModelRef, below: ModelRef[]): Verdict {
  return {
    model: m,
    score: 85,
    band: 'trusted',
    findings: [stale],
    deductions: [],
    blastRadius: [{ dataset: RAW, models: below }],
    upstreamCount: 3,
    scannedAt: '2025-06-02T12:00:00.000Z',
    datahub: 'http://datahub.test',
  };
}

describe('RootCauseCollector', () => {
  const [a, b, c, d] = ['alpha', 'bravo', 'charlie', 'delta'].map(model) as [ModelRef, ModelRef, ModelRef, ModelRef];

  it('shares the catalog list of models below the dataset as the blast radius when it holds every model with the finding', () => {
    const below = [a, b, c, d];
    const collector = new RootCauseCollector();
    for (const m of [a, c]) collector.add(verdict({ ...m }, below));
    const [rc] = collector.list();
    expect(rc!.models.map((m) => m.name)).toEqual(['alpha', 'charlie']);
    expect(rc!.blastRadius).toBe(below);
  });

  it('joins the models and the lists below into one list by name when no one list holds them all', () => {
    const [rc] = rootCauses([verdict(d, [b]), verdict(a, [b])]);
    expect(rc!.models.map((m) => m.name)).toEqual(['alpha', 'delta']);
    expect(rc!.blastRadius.map((m) => m.name)).toEqual(['alpha', 'bravo', 'delta']);
  });

  it('counts a model judged twice once', () => {
    const [rc] = rootCauses([verdict(b, [a, b]), verdict(a, [a, b]), verdict(b, [a, b])]);
    expect(rc!.models.map((m) => m.name)).toEqual(['alpha', 'bravo']);
    expect(rc!.blastRadius.map((m) => m.name)).toEqual(['alpha', 'bravo']);
  });
});
