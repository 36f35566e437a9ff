import { mergeResolvers, type ResolverMap } from '../../../schema/build.js';
import { assertionHealthResolvers } from './assertions-health.js';
import { incidentResolvers } from './incidents.js';
import { relationshipResolvers } from './relationships.js';
import { runsResolvers } from './runs.js';
import { searchLineageResolvers } from './search-lineage.js';

/**
 * Fields that need the relationship graph: `relationships` and `lineage` on every type that has them,
 * lineage search/scroll, runs, incidents, assertions and health.
 */
export const graphResolvers: ResolverMap = mergeResolvers([
  relationshipResolvers(),
  searchLineageResolvers,
  runsResolvers,
  incidentResolvers,
  assertionHealthResolvers,
]);
