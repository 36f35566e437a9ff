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
export const MODELS_LINE = 'janus-models: ';

export const keyOf = (text: string | null | undefined): string | undefined =>
  text
    ?.split('\n')
    .find((l) => l.startsWith(KEY_LINE))
    ?.slice(KEY_LINE.length)
    .trim() || undefined;

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

export const bandReason = 'band:at_risk';
export const incidentReason = (key: string) => `incident:${key}`;

export const PRIORITY: Record<Severity, string> = { critical: 'CRITICAL', high: 'HIGH', medium: 'MEDIUM', low: 'LOW' };

export const detectorOfKey = (key: string): DetectorName => key.split(':')[0] as DetectorName;
