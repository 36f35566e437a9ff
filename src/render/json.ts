import { narrate } from '../core/argos.js';
import { acceptedJson } from './acceptance-json.js';
import type { Effect } from '../core/effects.js';
import type { Verdict } from '../core/verdict.js';
import { EffectSets } from './effect-sets.js';
import { ModelSets } from './model-sets.js';

/** The lists a JSON document names by id: each list of models, and each list of a root cause's effects, once. */
export interface DocumentSets {
  models: ModelSets;
  effects: EffectSets;
}

export const documentSets = (): DocumentSets => ({ models: new ModelSets(), effects: new EffectSets() });

/** What a document of many verdicts lists once after them. */
export const setsJson = (sets: DocumentSets) => ({ modelSets: sets.models.sets, effectSets: sets.effects.sets });

/**
 * The stable JSON form of a verdict (docs/json-output.md). Field order is part of the contract. Each offending
 * dataset's models are one of the document's `modelSets`, and each root cause's listed effects one of its
 * `effectSets`, named by id: a document of many verdicts passes one `DocumentSets` to all of them and lists them once
 * after them; a verdict on its own carries its `modelSets` and `effectSets` last.
 */
export function verdictJson(v: Verdict, shared?: DocumentSets): Record<string, unknown> {
  const doc = shared ?? documentSets();
  const sets = doc.models;
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
      evidence: evidenceJson(f.evidence, doc.effects),
      key: f.key,
    })),
    deductions: v.deductions,
    ...(v.capped ? { capped: v.capped } : {}),
    ...(v.accepted ? { accepted: v.accepted.map(acceptedJson) } : {}),
    ...(v.lapsed ? { lapsed: v.lapsed.map(acceptedJson) } : {}),
    blastRadius: v.blastRadius.map((b) => ({
      dataset: b.dataset,
      modelCount: b.models.length,
      modelSet: sets.idOf(b.models),
    })),
    label: v.label ?? null,
    summary: narrate(v, sets.bits),
    upstreamCount: v.upstreamCount,
    ...(v.unread?.length ? { unread: v.unread } : {}),
    scannedAt: v.scannedAt,
    datahub: v.datahub,
    ...(shared ? {} : setsJson(doc)),
  };
}

/** A root cause's evidence with its listed effects named by id (`effectSet`); other evidence as it is. */
function evidenceJson(evidence: Record<string, unknown>, effects: EffectSets): Record<string, unknown> {
  const listed = evidence.downstreamEffects;
  if (!Array.isArray(listed)) return evidence;
  // a root's evidence (RootEvidence) works the two out when read: a spread copies only its own fields
  const { downstreamEffects: _listed, downstreamDatasets: _count, ...rest } = { ...evidence };
  const count = evidence.downstreamDatasets;
  return {
    ...rest,
    effectSet: effects.idOf(listed as Effect[]),
    ...(typeof count === 'number' ? { downstreamDatasets: count } : {}),
  };
}

/** `{ models: [...], modelSets, effectSets }` for a document of several verdicts (demo, gate). */
export function verdictsJson<T>(
  items: T[],
  verdictOf: (item: T) => Verdict,
  extra: (item: T) => Record<string, unknown> = () => ({}),
) {
  const sets = documentSets();
  return {
    models: items.map((item) => ({ ...verdictJson(verdictOf(item), sets), ...extra(item) })),
    ...setsJson(sets),
  };
}
