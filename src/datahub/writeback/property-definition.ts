import type { PropertySpec } from '../../core/writeback/conventions.js';

/** The entity types a Janus structured property is set on, as DataHub names them. */
export type PropertyEntityType = 'mlModel' | 'dataset';

/** `createStructuredProperty`'s input defining one of Janus's properties, on `on`, shown on the asset's summary. */
export const propertyDefinition = (p: PropertySpec, on: PropertyEntityType[], showInSearchFilters: boolean) => ({
  input: {
    id: p.qualifiedName,
    qualifiedName: p.qualifiedName,
    displayName: p.displayName,
    description: p.description,
    valueType: p.valueType,
    cardinality: p.cardinality,
    entityTypes: on.map((t) => `urn:li:entityType:datahub.${t}`),
    ...(p.allowedValues ? { allowedValues: p.allowedValues.map((stringValue) => ({ stringValue })) } : {}),
    settings: { showInAssetSummary: true, showInSearchFilters },
  },
});
