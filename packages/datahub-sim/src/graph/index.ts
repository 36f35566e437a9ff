import { mergeResolvers, type ResolverMap } from '../schema.js';
import { assertionHealthResolvers } from './resolvers/assertions-health.js';
import { incidentResolvers } from './resolvers/incidents.js';
import { relationshipResolvers } from './resolvers/relationships.js';
import { runsResolvers } from './resolvers/runs.js';
import { searchLineageResolvers } from './resolvers/search-lineage.js';

export { graphOf, GraphIndex, type AssertionOutcome, type GraphEdge, type LineageHit } from './graph-index.js';
export { walkLineage, type WalkOptions } from './lineage-walk.js';

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
