import { parseUrn } from '@janus/datahub-sim/urn';

/** A short name for people, read from the urn alone: `fraud_train`, `fraud_train.is_fraud`, `build_clean`. */
export function shortName(urn: string): string {
  const p = parseUrn(urn);
  if (!p) return urn;
  switch (p.entityType) {
    case 'schemaField':
      return `${shortName(p.parts[0] ?? '')}.${p.parts.slice(1).join(',')}`;
    case 'dataset':
    case 'mlModel':
    case 'mlModelGroup':
    case 'mlFeatureTable':
    case 'mlFeature':
    case 'mlPrimaryKey':
    case 'dataJob':
    case 'dataFlow':
      return (p.parts[1] ?? p.key).split('.').at(-1)!;
    default:
      return p.key;
  }
}
