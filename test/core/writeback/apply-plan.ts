import { AT_RISK_TAG, REPORT_LINK_LABEL, modelsOf } from '../../../src/core/writeback/conventions.js';
import type { PlannedWrite } from '../../../src/core/writeback/plan.js';
import type { WriteBackState } from '../../../src/core/writeback/state.js';

/** What DataHub would hold once a plan has landed on `state`, as the next scan reads it back. Pure: a new state. */
export function applyPlan(state: WriteBackState, plan: PlannedWrite[]): WriteBackState {
  const next: WriteBackState = structuredClone(state);
  const model = (urn: string) => (next.models[urn] ??= { urn, tags: [], reasons: [], links: [] });
  for (const w of plan) {
    switch (w.kind) {
      case 'createTag':
        next.tagExists = true;
        break;
      case 'createProperty':
        next.propertiesExist[w.property] = true;
        break;
      case 'raiseIncident':
        next.incidents.push({
          urn: `urn:li:incident:${w.key}`,
          key: w.key,
          dataset: w.dataset,
          models: modelsOf(w.description),
        });
        break;
      case 'resolveIncident':
        next.incidents = next.incidents.filter((i) => i.urn !== w.urn);
        break;
      case 'reopenIncident':
        next.incidents.push({ urn: w.urn, key: w.key, dataset: w.dataset, models: [] });
        next.resolved = next.resolved?.filter((i) => i.urn !== w.urn);
        break;
      case 'upsertAssertion':
        next.assertions.push({ urn: w.urn, key: w.key, dataset: w.dataset, description: w.description });
        break;
      case 'reportAssertion':
        next.assertions.find((a) => a.urn === w.urn)!.latest = w.result;
        break;
      case 'recordAssertion':
        break;
      case 'setTrust':
        Object.assign(model(w.model), { score: w.score, band: w.band });
        break;
      case 'setReasons':
        model(w.model).reasons = w.reasons;
        break;
      case 'addTag':
        model(w.model).tags.push(AT_RISK_TAG.urn);
        break;
      case 'removeTag':
        model(w.model).tags = model(w.model).tags.filter((t) => t !== AT_RISK_TAG.urn);
        break;
      case 'upsertLink':
        model(w.model).links.push({ url: w.url, label: REPORT_LINK_LABEL });
        break;
      case 'removeLink':
        model(w.model).links = model(w.model).links.filter((l) => l.url !== w.url);
        break;
    }
  }
  return next;
}
