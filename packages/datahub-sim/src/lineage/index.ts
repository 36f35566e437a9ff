// The relationship graph GMS keeps beside its store (edges from the aspects' @Relationship fields) and the
// lineage walks and searches over it.
export { graphOf, GraphIndex, type AssertionOutcome, type GraphEdge, type LineageHit } from './graph-index.js';
export { walkLineage, type WalkOptions } from './lineage-walk.js';
