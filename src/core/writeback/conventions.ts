import { createHash } from 'node:crypto';
import type { DetectorName, Severity } from '../finding.js';

/** How Janus's evidence looks in DataHub (docs/write-back.md). Changing any of these orphans earlier writes. */

export const AT_RISK_TAG = {
  urn: 'urn:li:tag:model-at-risk',
  id: 'model-at-risk',
  name: 'model-at-risk',
  description:
    'Set by Janus: this model is in the blast radius of an open Janus incident, or its trust band is at_risk. ' +
    'Janus removes it when neither holds; the io.janus.risk_reasons property says why it is here.',
};

export interface PropertySpec {
  urn: string;
  qualifiedName: string;
  displayName: string;
  description: string;
  valueType: string;
  cardinality: 'SINGLE' | 'MULTIPLE';
  allowedValues?: string[];
}

const prop = (name: string, rest: Omit<PropertySpec, 'urn' | 'qualifiedName'>): PropertySpec => ({
  urn: `urn:li:structuredProperty:io.janus.${name}`,
  qualifiedName: `io.janus.${name}`,
  ...rest,
});

export const PROPERTIES = {
  score: prop('trust_score', {
    displayName: 'Janus trust score',
    description: 'max(0, 100 - sum of finding weights), from the latest Janus scan.',
    valueType: 'urn:li:dataType:datahub.number',
    cardinality: 'SINGLE',
  }),
  band: prop('trust_band', {
    displayName: 'Janus trust band',
    description:
      'trusted (score >= 80), caution (50-79) or at_risk (< 50, or a critical finding), from the latest Janus scan.',
    valueType: 'urn:li:dataType:datahub.string',
    cardinality: 'SINGLE',
    allowedValues: ['trusted', 'caution', 'at_risk'],
  }),
  reasons: prop('risk_reasons', {
    displayName: 'Janus: why model-at-risk',
    description:
      'Why Janus tagged this model model-at-risk: band:at_risk, or incident:<finding key> of an open Janus incident upstream.',
    valueType: 'urn:li:dataType:datahub.string',
    cardinality: 'MULTIPLE',
  }),
} as const;
export type PropertyName = keyof typeof PROPERTIES;

export const REPORT_LINK_LABEL = 'Janus Model Impact Report';

/** Janus recognises its own incidents and assertions by these lines. */
export const KEY_LINE = 'janus-key: ';
/**
 * On a guarding assertion's logic, after its key: the result Janus last reported and when (`FAILURE 1767225600000`).
 * Run events are read through DataHub's timeseries index, a second or more behind; the assertion's own aspect is read
 * from its database, so a scan right after another knows what it reported (docs/datahub.md, "Idempotency").
 */
export const RESULT_LINE = 'janus-result: ';
export const MODELS_LINE = 'janus-models: ';

export const keyOf = (text: string | null | undefined): string | undefined =>
  text
    ?.split('\n')
    .find((l) => l.startsWith(KEY_LINE))
    ?.slice(KEY_LINE.length)
    .trim() || undefined;

/** The result recorded on a guarding assertion's logic (RESULT_LINE), if any. */
export function recordedResult(logic: string | null | undefined): { result: string; at: number } | undefined {
  const line = logic?.split('\n').find((l) => l.startsWith(RESULT_LINE));
  const [result, at] = line?.slice(RESULT_LINE.length).trim().split(/\s+/) ?? [];
  return result && at && /^\d+$/.test(at) ? { result, at: Number(at) } : undefined;
}

/** A guarding assertion's logic: its key, and the result last reported when there is one. */
export const assertionLogic = (key: string, recorded?: { result: string; at: number }): string =>
  `${KEY_LINE}${key}${recorded ? `\n${RESULT_LINE}${recorded.result} ${recorded.at}` : ''}`;

export const modelsOf = (text: string | null | undefined): string[] =>
  text
    ?.split('\n')
    .find((l) => l.startsWith(MODELS_LINE))
    ?.slice(MODELS_LINE.length)
    .trim()
    .split(/\s+/)
    .filter(Boolean) ?? [];

/** One guarding assertion per root cause, at a urn derived from the finding key (so reruns update it in place). */
export const assertionUrnFor = (key: string): string =>
  `urn:li:assertion:janus-${createHash('sha256').update(key).digest('hex').slice(0, 32)}`;
export const isJanusAssertion = (urn: string) => urn.startsWith('urn:li:assertion:janus-');

/**
 * The incident Janus raises for a root cause, at a urn derived from its key and from the incident it follows (the
 * newest resolved Janus incident of that key, if any): every scan that read the same state raises at the same urn, so
 * racing, retried or crashed scans write one incident, and a cause that comes back after Janus resolved it gets a new
 * one. DataHub's own `raiseIncident` picks a random urn every call (docs/datahub.md, "Idempotency").
 */
export const incidentUrnFor = (key: string, follows?: string): string =>
  `urn:li:incident:janus-${createHash('sha256')
    .update(`${key}\n${follows ?? ''}`)
    .digest('hex')
    .slice(0, 32)}`;

export const bandReason = 'band:at_risk';
export const incidentReason = (key: string) => `incident:${key}`;

export const PRIORITY: Record<Severity, string> = { critical: 'CRITICAL', high: 'HIGH', medium: 'MEDIUM', low: 'LOW' };

export const detectorOfKey = (key: string): DetectorName => key.split(':')[0] as DetectorName;
