import type { PropertySpec } from '../writeback/conventions.js';
import { SEVERITY_ORDER, type Severity } from '../finding.js';
import type { Acceptance } from './acceptance.js';

/**
 * Where DataHub holds acceptances (docs/accepted-risk.md): a multi-valued structured property on the model, or on the
 * dataset whose finding it accepts (for every model below it), one JSON value an acceptance. Read with the model's
 * upstream in the same request, so every front end and process honours the same acceptances at no extra read;
 * visible (and removable) in DataHub's UI.
 */
export const ACCEPTANCE_PROPERTY: PropertySpec = {
  urn: 'urn:li:structuredProperty:io.janus.accepted_risk',
  qualifiedName: 'io.janus.accepted_risk',
  displayName: 'Janus: accepted risks',
  description:
    'Findings a person judged acceptable for a while, one JSON value each: key, by, reason, at, until (ISO 8601), ' +
    'and what was accepted. Janus leaves them out of the score until they end or the finding grows.',
  valueType: 'urn:li:dataType:datahub.string',
  cardinality: 'MULTIPLE',
};

/** An acceptance as its property value: short field names, stable order. */
export function storedAcceptance(a: Acceptance): string {
  const was = a.accepted;
  return JSON.stringify({
    key: a.key,
    by: a.by,
    reason: a.reason,
    ...(a.at ? { at: a.at } : {}),
    until: a.until,
    ...(was?.severity ? { severity: was.severity } : {}),
    ...(was?.evidence ? { evidence: was.evidence } : {}),
    ...(was?.chains ? { chains: was.chains.ids, longest: was.chains.longest } : {}),
    ...(a.replaced ? { replaced: a.replaced } : {}),
  });
}

const str = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/** A property value as an acceptance, or undefined for one that is not (written by hand, damaged): ignored. */
export function acceptanceOfValue(value: string): Acceptance | undefined {
  let v: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(value);
    if (!parsed || typeof parsed !== 'object') return undefined;
    v = parsed as Record<string, unknown>;
  } catch {
    return undefined;
  }
  if (!str(v.key) || !str(v.by) || !str(v.reason) || !str(v.until) || Number.isNaN(Date.parse(v.until)))
    return undefined;
  const severity = SEVERITY_ORDER.includes(v.severity as Severity) ? (v.severity as Severity) : undefined;
  const chains =
    Array.isArray(v.chains) && v.chains.every(str) && typeof v.longest === 'number'
      ? { ids: v.chains, longest: v.longest }
      : undefined;
  const evidence = str(v.evidence) ? v.evidence : undefined;
  const accepted = severity || chains || evidence;
  const r = v.replaced as Record<string, unknown> | undefined;
  const replaced =
    r && typeof r === 'object' && str(r.at) && str(r.by) && !Number.isNaN(Date.parse(r.at))
      ? { at: r.at, by: r.by }
      : undefined;
  return {
    key: v.key,
    by: v.by,
    reason: v.reason,
    ...(str(v.at) ? { at: v.at } : {}),
    until: v.until,
    ...(accepted
      ? {
          accepted: {
            ...(severity ? { severity } : {}),
            ...(evidence ? { evidence } : {}),
            ...(chains ? { chains } : {}),
          },
        }
      : {}),
    source: 'datahub',
    ...(replaced ? { replaced } : {}),
  };
}

/** The acceptances an entity's structured properties hold; `on`: the dataset holding them (none: a model). */
export const acceptancesOf = (properties: Record<string, string[]>, on?: string): Acceptance[] =>
  (properties[ACCEPTANCE_PROPERTY.qualifiedName] ?? []).flatMap((v) => {
    const a = acceptanceOfValue(v);
    return a ? [on ? { ...a, on } : a] : [];
  });
