import { badRequest } from '../schema/errors.js';
import { entityTypeOf, parseSchemaFieldUrn } from '../urn.js';
import { graphqlEntityType, originOf, platformUrnOf } from './entity-facts.js';

/** `FacetFilterInput` as GraphQL passes it. */
export interface FacetFilter {
  field: string;
  values?: string[] | null;
  negated?: boolean | null;
  condition?: string | null;
}

export interface AndFilter {
  and?: FacetFilter[] | null;
}

const DEGREE = 'degree';

const criteria = (branch: AndFilter): FacetFilter[] => branch.and ?? [];

/**
 * SearchUtils.getMaxHops: the hop limit comes from every `degree` value in any branch. Without "3+" it is 2
 * when "2" is present, else 1 when "1" is present; otherwise there is no limit (null).
 */
export function maxHopsOf(orFilters: AndFilter[]): number | null {
  const values = new Set(
    orFilters
      .flatMap(criteria)
      .filter((c) => c.field === DEGREE)
      .flatMap((c) => c.values ?? []),
  );
  if (values.has('3+')) return null;
  if (values.has('2')) return 2;
  if (values.has('1')) return 1;
  return null;
}

/**
 * LineageSearchService.filterRelationships: only the first or-branch's `degree` values select degrees
 * ("1", "2", "3+" = more than 2); any other value is rejected.
 */
export function degreePredicate(orFilters: AndFilter[]): ((degree: number) => boolean) | null {
  const first = orFilters[0];
  if (!first) return null;
  const values = criteria(first)
    .filter((c) => c.field === DEGREE)
    .flatMap((c) => c.values ?? []);
  if (values.length === 0) return null;
  const tests = values.map((v) => {
    if (v === '1') return (d: number) => d === 1;
    if (v === '2') return (d: number) => d === 2;
    if (v === '3+') return (d: number) => d > 2;
    throw badRequest(`${v} is not a valid filter value for degree filters`);
  });
  return (degree) => tests.some((t) => t(degree));
}

/** The filters with every `degree` criterion removed (SearchUtils.removeCriteria). */
export function withoutDegree(orFilters: AndFilter[]): FacetFilter[][] {
  return orFilters.map((b) => criteria(b).filter((c) => c.field !== DEGREE));
}

/** Fields the lightning path can answer from the urn alone. */
const LIGHTNING_FIELDS = new Set(['platform', 'origin', 'parent']);

export const onlyLightningFields = (branches: FacetFilter[][]) =>
  branches.every((b) => b.every((c) => LIGHTNING_FIELDS.has(c.field)));

/** The indexed value of a filter field for an entity (the few fields lineage callers filter on). */
function fieldValue(urn: string, field: string): string | undefined {
  switch (field.replace(/\.keyword$/, '')) {
    case 'platform':
      return platformUrnOf(urn);
    case 'origin':
      return originOf(urn);
    case 'parent':
      return parseSchemaFieldUrn(urn)?.parent;
    case 'urn':
      return urn;
    case '_entityType':
    case 'entityType':
      return graphqlEntityType(urn) ?? entityTypeOf(urn);
    default:
      // A field the entity does not carry matches nothing, as a term filter on a missing field does.
      return undefined;
  }
}

function passes(urn: string, c: FacetFilter): boolean {
  const values = c.values ?? [];
  const value = fieldValue(urn, c.field);
  let matches: boolean;
  switch (c.condition ?? 'EQUAL') {
    case 'EXISTS':
      matches = value !== undefined;
      break;
    case 'CONTAIN':
      matches = value !== undefined && values.some((v) => value.includes(v));
      break;
    case 'START_WITH':
      matches = value !== undefined && values.some((v) => value.startsWith(v));
      break;
    case 'END_WITH':
      matches = value !== undefined && values.some((v) => value.endsWith(v));
      break;
    case 'IEQUAL':
      matches = value !== undefined && values.some((v) => v.toLowerCase() === value.toLowerCase());
      break;
    default:
      matches = value !== undefined && values.includes(value);
  }
  return matches !== (c.negated === true);
}

/** A disjunction of conjunctions: the entity passes when every criterion of some branch passes. */
export function passesFilters(urn: string, branches: FacetFilter[][]): boolean {
  if (branches.length === 0) return true;
  return branches.some((branch) => branch.every((c) => passes(urn, c)));
}
