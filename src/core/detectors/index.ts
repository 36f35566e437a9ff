import type { Finding } from '../finding.js';
import { upstreamSet, type UpstreamGraph } from '../graph.js';
import type { DetectContext } from './context.js';
import { freshnessLag } from './freshness-lag.js';
import { deprecatedUpstream, removedUpstream } from './lifecycle.js';
import { missingOwner } from './missing-owner.js';
import { targetLeakage } from './target-leakage.js';
import { upstreamFailure } from './upstream-failure.js';

export type { DetectContext } from './context.js';

const DETECTORS = [targetLeakage, upstreamFailure, freshnessLag, missingOwner, deprecatedUpstream, removedUpstream];

/** Runs every detector, then folds findings that share a root cause. Sorted: heaviest first, then by key. */
export function detect(g: UpstreamGraph, ctx: DetectContext): Finding[] {
  const all = DETECTORS.flatMap((d) => d(g, ctx));
  return foldRootCauses(g, all).sort((a, b) => b.weight - a.weight || a.key.localeCompare(b.key));
}

const PROPAGATING = new Set(['freshness_lag', 'upstream_failure']);

/**
 * One finding per root cause: a freshness or failure finding on a dataset downstream of another such
 * finding's dataset is folded into that root's evidence (`downstreamEffects`) and deducts nothing itself.
 */
export function foldRootCauses(g: UpstreamGraph, findings: Finding[]): Finding[] {
  const byEntity = new Map<string, Finding[]>();
  for (const f of findings) if (PROPAGATING.has(f.detector)) (byEntity.get(f.entity) ?? byEntity.set(f.entity, []).get(f.entity)!).push(f);
  const entities = [...byEntity.keys()];
  const roots = new Map<Finding, Finding[]>();
  const folded = new Set<Finding>();
  for (const entity of entities) {
    const upstream = upstreamSet(g, entity);
    const causes = entities.filter((other) => other !== entity && upstream.has(other));
    if (!causes.length) continue;
    const here = byEntity.get(entity)!;
    for (const f of here) folded.add(f);
    for (const cause of causes.flatMap((c) => byEntity.get(c)!)) (roots.get(cause) ?? roots.set(cause, []).get(cause)!).push(...here);
  }
  return findings
    .filter((f) => !folded.has(f))
    .map((f) => {
      const effects = roots.get(f);
      if (!effects) return f;
      const downstreamEffects = effects.map((e) => ({ key: e.key, entity: e.entity, message: e.message }));
      return { ...f, evidence: { ...f.evidence, downstreamEffects } };
    });
}
