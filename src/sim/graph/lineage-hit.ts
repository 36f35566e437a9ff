import type { GraphEdge } from './edges.js';
import type { LineageHit } from './lineage-walk.js';

/** A walk's result for one entity, reached at `hop` by `edge` along `routes`. */
export function lineageHit(edge: GraphEdge, urn: string, hop: number, routes: readonly string[][]): LineageHit {
  return {
    urn,
    type: edge.type,
    degree: hop,
    degrees: [hop],
    paths: routes.map((r) => [...r]),
    explored: false,
    truncatedChildren: false,
    ignoredAsHop: false,
    createdOn: edge.createdOn,
    createdActor: edge.createdActor,
    updatedOn: edge.updatedOn,
    updatedActor: edge.updatedActor,
    isManual: edge.isManual,
  };
}
