import { bool, obj, str, strs } from './raw.js';

/** A `FacetFilterInput` as GraphQL hands it over. */
export interface FacetCriterion {
  field: string;
  values: string[];
  negated: boolean;
  condition: string;
}

export function toCriterion(v: unknown): FacetCriterion | undefined {
  const o = obj(v);
  const field = str(o?.field);
  if (!o || !field) return undefined;
  return { field, values: strs(o.values), negated: bool(o.negated) ?? false, condition: str(o.condition) ?? 'EQUAL' };
}

/** Field names may carry the index's `.keyword` suffix; it names the same value. */
export const baseField = (field: string): string => field.replace(/\.keyword$/, '');

const asNumber = (s: string): number | undefined =>
  s.trim() !== '' && Number.isFinite(Number(s)) ? Number(s) : undefined;

function compare(actual: string, wanted: string, condition: string): boolean {
  switch (condition) {
    case 'IEQUAL':
      return actual.toLowerCase() === wanted.toLowerCase();
    case 'CONTAIN':
      return actual.toLowerCase().includes(wanted.toLowerCase());
    case 'START_WITH':
      return actual.toLowerCase().startsWith(wanted.toLowerCase());
    case 'END_WITH':
      return actual.toLowerCase().endsWith(wanted.toLowerCase());
    case 'GREATER_THAN':
    case 'GREATER_THAN_OR_EQUAL_TO':
    case 'LESS_THAN':
    case 'LESS_THAN_OR_EQUAL_TO': {
      const a = asNumber(actual);
      const w = asNumber(wanted);
      if (a === undefined || w === undefined) return false;
      if (condition === 'GREATER_THAN') return a > w;
      if (condition === 'GREATER_THAN_OR_EQUAL_TO') return a >= w;
      if (condition === 'LESS_THAN') return a < w;
      return a <= w;
    }
    default:
      // EQUAL / IN (and the graph-walk conditions, which have no meaning on a flat value): exact term match.
      return actual === wanted;
  }
}

/**
 * Whether a document's values for the criterion's field satisfy it. Like an Elasticsearch terms query,
 * any one of the values matching any one of the wanted values is a match; `negated` inverts the result.
 */
export function matchesCriterion(actualValues: string[], c: FacetCriterion): boolean {
  const hit =
    c.condition === 'EXISTS'
      ? actualValues.length > 0
      : actualValues.some((a) => c.values.some((w) => compare(a, w, c.condition)));
  return c.negated ? !hit : hit;
}
