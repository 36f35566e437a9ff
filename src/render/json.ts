import { narrate } from '../core/argos.js';
import type { Verdict } from '../core/verdict.js';
import { ModelSets } from './model-sets.js';

/**
 * The stable JSON form of a verdict (docs/json-output.md). Field order is part of the contract. Each offending
 * dataset's models are one of the document's `modelSets`, named by id: a document of many verdicts passes one
 * `ModelSets` to all of them and lists it once after them; a verdict on its own carries its `modelSets` last.
 */
export function verdictJson(v: Verdict, shared?: ModelSets): Record<string, unknown> {
  const sets = shared ?? new ModelSets();
  return {
    model: { urn: v.model.urn, name: v.model.name },
    score: v.score,
    band: v.band,
    findings: v.findings.map((f) => ({
      detector: f.detector,
      severity: f.severity,
      weight: f.weight,
      entity: f.entity,
      message: f.message,
      evidence: f.evidence,
      key: f.key,
    })),
    deductions: v.deductions,
    ...(v.capped ? { capped: v.capped } : {}),
    blastRadius: v.blastRadius.map((b) => ({
      dataset: b.dataset,
      modelCount: b.models.length,
      modelSet: sets.idOf(b.models),
    })),
    label: v.label ?? null,
    summary: narrate(v, sets.bits),
    upstreamCount: v.upstreamCount,
    scannedAt: v.scannedAt,
    datahub: v.datahub,
    ...(shared ? {} : { modelSets: sets.sets }),
  };
}

/** `{ models: [...], modelSets }` for a document of several verdicts (demo, gate). */
export function verdictsJson<T>(
  items: T[],
  verdictOf: (item: T) => Verdict,
  extra: (item: T) => Record<string, unknown> = () => ({}),
) {
  const sets = new ModelSets();
  return {
    models: items.map((item) => ({ ...verdictJson(verdictOf(item), sets), ...extra(item) })),
    modelSets: sets.sets,
  };
}
