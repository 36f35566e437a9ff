/**
 * Structured properties on the models: definitions (`propertyDefinition`) and values, written the way
 * DataHub writes the `union[string, double]` members: `{"string": ...}` and `{"double": ...}`.
 */
import { auditStamp, HOUR_MS } from './aspects.js';
import { mcp, type MetadataRecord } from './records.js';
import { MODELS, STRUCTURED_PROPERTIES } from './urns.js';

const TIERS = ['tier-1', 'tier-2', 'tier-3'] as const;

const MODEL_VALUES: Record<keyof typeof MODELS, [tier: (typeof TIERS)[number], retrainEveryDays: number]> = {
  fraud: ['tier-1', 7],
  churn: ['tier-2', 30],
  sessionIntent: ['tier-3', 7],
  campaignUplift: ['tier-2', 14],
  customerLtv: ['tier-1', 30],
};

export function propertyRecords(now: number): MetadataRecord[] {
  const created = auditStamp(now - 180 * 24 * HOUR_MS);
  return [
    mcp(STRUCTURED_PROPERTIES.modelTier, 'propertyDefinition', {
      qualifiedName: 'io.acmepay.model_tier',
      displayName: 'Model tier',
      valueType: 'urn:li:dataType:datahub.string',
      allowedValues: TIERS.map((t) => ({ value: { string: t }, description: `Serving tier ${t.slice(-1)}.` })),
      cardinality: 'SINGLE',
      entityTypes: ['urn:li:entityType:datahub.mlModel'],
      description: 'How critical the model is to the business.',
      immutable: false,
      created,
      lastModified: created,
    }),
    mcp(STRUCTURED_PROPERTIES.retrainEveryDays, 'propertyDefinition', {
      qualifiedName: 'io.acmepay.retrain_every_days',
      displayName: 'Retrain every (days)',
      valueType: 'urn:li:dataType:datahub.number',
      cardinality: 'SINGLE',
      entityTypes: ['urn:li:entityType:datahub.mlModel'],
      immutable: false,
      created,
      lastModified: created,
    }),
    ...Object.entries(MODEL_VALUES).map(([key, [tier, days]]) =>
      mcp(MODELS[key as keyof typeof MODELS], 'structuredProperties', {
        properties: [
          { propertyUrn: STRUCTURED_PROPERTIES.modelTier, values: [{ string: tier }] },
          { propertyUrn: STRUCTURED_PROPERTIES.retrainEveryDays, values: [{ double: days }] },
        ],
      })),
  ];
}
