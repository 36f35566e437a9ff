import { ENTITY_KINDS, urnTypeForEntityType } from '../schema/entity-types.js';
import type { Store } from '../store/store.js';
import { entityTypeOf, nameFromUrn, parseSchemaFieldUrn, parseUrn, platformOf } from '../urn.js';
import { asString, at } from '../store/aspect-values.js';

/** Facts about an entity that lineage search filters and matches on, read from its urn and aspects. */

/** GraphQL `EntityType` value → urn type segment (EntityTypeMapper), also for types the simulator does not serve. */
export function urnTypeOfEntityType(entityType: string): string {
  const known = urnTypeForEntityType(entityType);
  if (known) return known;
  return entityType.toLowerCase().replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** The `EntityType` value of an urn, when the simulator serves that type. */
export const graphqlEntityType = (urn: string): string | undefined => ENTITY_KINDS[entityTypeOf(urn) ?? '']?.entityType;

/** Platform urn as GMS indexes it (`platform` facet); a column takes its dataset's. */
export function platformUrnOf(urn: string): string | undefined {
  const field = parseSchemaFieldUrn(urn);
  if (field) return platformUrnOf(field.parent);
  const p = platformOf(urn);
  if (!p) return undefined;
  return p.startsWith('urn:li:dataPlatform:') ? p : `urn:li:dataPlatform:${p}`;
}

/** The `origin` (environment) of a dataset, or of a column's dataset. */
export function originOf(urn: string): string | undefined {
  const field = parseSchemaFieldUrn(urn);
  if (field) return originOf(field.parent);
  const p = parseUrn(urn);
  return p?.entityType === 'dataset' ? p.parts[2] : undefined;
}

const NAME_ASPECTS: Record<string, string> = {
  dataset: 'datasetProperties',
  mlModel: 'mlModelProperties',
  mlModelGroup: 'mlModelGroupProperties',
  dataJob: 'dataJobInfo',
  dataFlow: 'dataFlowInfo',
  dataProcessInstance: 'dataProcessInstanceProperties',
};

/** The name search matches a query against: the properties name, else the name in the urn's key. */
export function searchableName(store: Store, urn: string): string {
  const type = entityTypeOf(urn) ?? '';
  const aspect = NAME_ASPECTS[type];
  return (aspect && asString(at(store.aspect(urn, aspect), 'name'))) || nameFromUrn(urn);
}

/** A free-text query as lineage search applies it: `*` or empty matches everything, else every term must appear. */
export function queryMatcher(store: Store, query: string): (urn: string) => boolean {
  const terms = query.toLowerCase().replace(/\*/g, ' ').split(/\s+/).filter(Boolean);
  if (terms.length === 0) return () => true;
  return (urn) => {
    const text = `${searchableName(store, urn)} ${urn}`.toLowerCase();
    return terms.every((t) => text.includes(t));
  };
}
