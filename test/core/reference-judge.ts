import { resolveLabel, type Label } from '../../src/core/conventions/label.js';
import type { UpstreamGraph } from '../../src/core/graph.js';
import type { JudgePolicy } from '../../src/core/verdict.js';
import { leaks } from './reference/leakage.js';
import { missingOwners, standingFindings, type RefFinding } from './reference/own-findings.js';
import { rootCauses } from './reference/root-causes.js';
import { closures, modelsBelow, upstreamOf } from './reference/walk.js';

/**
 * A deliberately plain judge, to check the engine against: per model, walk the upstream graph and apply each
 * detector's rule as README.md, docs/conventions.md and docs/json-output.md state it. Nothing is shared between
 * models or judgments. It reuses the conventions (`resolveLabel`, `freshnessSla`: which label and SLA apply is
 * not a detector's rule, and they have their own tests) and `LISTED_EFFECTS` (a number); nothing else of the engine.
 */
export interface RefVerdict {
  score: number;
  band: string;
  capped?: { by: string; severity: string };
  findings: RefFinding[];
  blastRadius: { dataset: string; models: { urn: string; name: string }[] }[];
  upstreamCount: number;
  label?: Label;
}

const SEVERITIES = ['low', 'medium', 'high', 'critical'];

export function referenceJudge(g: UpstreamGraph, now: number, p: JudgePolicy): RefVerdict {
  const ctx = { policy: p.policy, now: p.asOf ?? now, freshness: p.freshness };
  const above = closures(g);
  const upstream = upstreamOf(g.upstreams, g.model);
  const label = resolveLabel(g);
  const findings = [
    ...leaks(g, label, ctx),
    ...rootCauses(g, upstream, above, ctx),
    ...upstream.flatMap((u) => standingFindings(g.nodes[u], ctx)),
    ...missingOwners(g, ctx),
  ]
    .sort((a, b) => b.weight - a.weight || a.key.localeCompare(b.key))
    // one finding per key: a fact found twice (a feature the model lists twice) counts once
    .filter((f, i, all) => all.findIndex((x) => x.key === f.key) === i);

  // score: max(0, 100 - Σ weight); band by the thresholds; a finding at capAt or worse makes it at_risk
  const score = Math.max(0, 100 - findings.reduce((sum, f) => sum + Math.max(0, f.weight), 0));
  const byScore = score >= p.bands.trusted ? 'trusted' : score >= p.bands.caution ? 'caution' : 'at_risk';
  const cap =
    p.bands.capAt === 'none'
      ? undefined
      : findings.find((f) => SEVERITIES.indexOf(f.severity) >= SEVERITIES.indexOf(p.bands.capAt));
  const capped = cap && byScore !== 'at_risk' ? { by: cap.key, severity: cap.severity } : undefined;

  // blast radius: every dataset holding a finding but a leak (a leak hurts only the model that has it)
  const offending = [
    ...new Set(
      findings
        .filter((f) => f.detector !== 'target_leakage' && g.nodes[f.entity]?.kind === 'dataset')
        .map((f) => f.entity),
    ),
  ].sort();
  return {
    score,
    band: capped ? 'at_risk' : byScore,
    ...(capped ? { capped } : {}),
    findings,
    blastRadius: offending.map((dataset) => ({ dataset, models: modelsBelow(g, above, dataset) })),
    upstreamCount: upstream.length,
    ...(label ? { label } : {}),
  };
}
