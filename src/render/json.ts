import { narrate } from '../core/argos.js';
import type { Verdict } from '../core/verdict.js';

/**
 * Models listed per offending dataset: on a catalog where one table feeds every model, a verdict listing them all
 * for each of its hundreds of datasets runs to megabytes; `modelCount` then says how many there are in all.
 */
export const LISTED_MODELS = 50;

/** The stable JSON form of a verdict (docs/json-output.md). Field order is part of the contract. */
export function verdictJson(v: Verdict): Record<string, unknown> {
  return {
    model: { urn: v.model.urn, name: v.model.name },
    score: v.score,
    band: v.band,
    findings: v.findings.map((f) => ({
      detector: f.detector, severity: f.severity, weight: f.weight, entity: f.entity, message: f.message, evidence: f.evidence, key: f.key,
    })),
    deductions: v.deductions,
    ...(v.capped ? { capped: v.capped } : {}),
    blastRadius: v.blastRadius.map((b) => (b.models.length > LISTED_MODELS ? { dataset: b.dataset, models: b.models.slice(0, LISTED_MODELS), modelCount: b.models.length } : b)),
    label: v.label ?? null,
    summary: narrate(v),
    upstreamCount: v.upstreamCount,
    scannedAt: v.scannedAt,
    datahub: v.datahub,
  };
}
