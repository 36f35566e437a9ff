import { parseSchemaFieldUrn, parseUrn } from '../urn.js';

export { entityTypeOf, parseSchemaFieldUrn, parseUrn, schemaFieldUrn, splitTuple, type ParsedUrn } from '../urn.js';

/** The display name DataHub derives from an entity's key when no properties name it. */
export function nameFromUrn(urn: string): string {
  const p = parseUrn(urn);
  if (!p) return urn;
  switch (p.entityType) {
    case 'dataset':
    case 'mlModel':
    case 'mlModelGroup':
    case 'mlFeatureTable':
      return p.parts[1] ?? p.key;
    case 'mlFeature':
    case 'mlPrimaryKey':
    case 'dataJob':
      return p.parts[1] ?? p.key;
    case 'dataFlow':
      return p.parts[1] ?? p.key;
    case 'schemaField':
      return parseSchemaFieldUrn(urn)?.fieldPath ?? p.key;
    case 'dataPlatform':
      return p.key;
    default:
      return p.key;
  }
}

/** The platform urn in an entity's key (datasets, models, feature tables, flows, jobs). */
export function platformOf(urn: string): string | undefined {
  const p = parseUrn(urn);
  if (!p) return undefined;
  if (['dataset', 'mlModel', 'mlModelGroup', 'mlFeatureTable'].includes(p.entityType)) return p.parts[0];
  if (p.entityType === 'dataFlow') return `urn:li:dataPlatform:${p.parts[0]}`;
  if (p.entityType === 'dataJob') return platformOf(p.parts[0] ?? '');
  return undefined;
}
