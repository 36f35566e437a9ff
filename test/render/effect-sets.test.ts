import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICY } from '../../src/core/detectors/registered.js';
import type { Effect } from '../../src/core/effects.js';
import { DEFAULT_BANDS } from '../../src/core/score.js';
import { JudgmentSession } from '../../src/core/session.js';
import { assess, verdictOf, type Verdict } from '../../src/core/verdict.js';
import { EffectSets } from '../../src/render/effect-sets.js';
import { documentSets, verdictJson, verdictsJson } from '../../src/render/json.js';
import { graph, HOUR, NOW } from '../core/builder.js';

const policy = { policy: DEFAULT_POLICY, bands: DEFAULT_BANDS, freshness: { byPlatform: {} } };
const sla = { freshness_sla: 'PT24H' };

/** A late table with two late tables below it: one root cause, two effects folded into it. */
function staleVerdict(): Verdict {
  const b = graph()
    .model({})
    .dataset('fx_rates', { cols: ['rate'], lastUpdated: NOW - 30 * HOUR, customProperties: sla })
    .dataset('fx_daily', { cols: ['rate'], lastUpdated: NOW - 29 * HOUR, customProperties: sla })
    .dataset('fx_features', { cols: ['rate'], lastUpdated: NOW - 28 * HOUR, customProperties: sla })
    .lineage('fx_daily', 'fx_rates')
    .lineage('fx_features', 'fx_daily')
    .training('fx_features');
  const session = new JudgmentSession(policy, NOW);
  const a = assess(session, b.g);
  return verdictOf(session, b.g, a, {}, { now: NOW, datahub: 'http://datahub.example:8080' });
}

const effect = (name: string, message = `${name} is late.`): Effect => ({
  key: `freshness_lag:${name}`,
  entity: name,
  message,
});

describe('EffectSets', () => {
  it('names equal lists by one id, whichever array holds them, and lists that differ by their own', () => {
    const sets = new EffectSets();
    const a = sets.idOf([effect('a'), effect('b')]);
    expect(sets.idOf([effect('a'), effect('b')])).toBe(a);
    const ids = [
      sets.idOf([effect('a')]), // a prefix
      sets.idOf([effect('b'), effect('a')]), // another order
      sets.idOf([effect('a'), effect('b', 'b is later.')]), // the same keys, another message
      sets.idOf([]),
    ];
    expect(new Set([a, ...ids]).size).toBe(5);
    expect(sets.sets[ids[2]!]![1]!.message).toBe('b is later.');
    expect(Object.keys(sets.sets)).toEqual(['e0', 'e1', 'e2', 'e3', 'e4']);
  });
});

describe("a root cause's effects in JSON", () => {
  it('are named by id in its evidence, and listed once in the effectSets of a verdict printed alone', () => {
    const v = staleVerdict();
    const root = v.findings.find((f) => f.detector === 'freshness_lag')!;
    expect(root.evidence.downstreamEffects).toHaveLength(2);
    const json = verdictJson(v) as {
      findings: { key: string; evidence: Record<string, unknown> }[];
      effectSets: Record<string, Effect[]>;
    };
    const evidence = json.findings.find((f) => f.key === root.key)!.evidence;
    expect(Object.keys(evidence)).toEqual([...Object.keys({ ...root.evidence }), 'effectSet', 'downstreamDatasets']);
    expect(evidence.downstreamDatasets).toBe(2);
    expect(json.effectSets[evidence.effectSet as string]).toEqual(root.evidence.downstreamEffects);
    expect(Object.keys(json).slice(-2)).toEqual(['modelSets', 'effectSets']);
  });

  it('are listed once a document when many verdicts name the same list', () => {
    const doc = verdictsJson([staleVerdict(), staleVerdict()], (v) => v) as unknown as {
      models: { findings: { evidence: { effectSet?: string } }[] }[];
      effectSets: Record<string, Effect[]>;
    };
    const named = doc.models.flatMap((m) => m.findings.flatMap((f) => f.evidence.effectSet ?? []));
    expect(named).toEqual(['e0', 'e0']);
    expect(Object.keys(doc.effectSets)).toEqual(['e0']);
    // a verdict in a document carries no sets of its own
    const shared = documentSets();
    expect(Object.keys(verdictJson(staleVerdict(), shared))).not.toContain('effectSets');
  });
});
