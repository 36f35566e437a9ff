import type { GraphEdge } from './edges.js';

/** One entity reached by a lineage walk: DataHub's `LineageRelationship`. */
export interface LineageHit {
  urn: string;
  /** Relationship type of the hop that first reached the entity. */
  type: string;
  /** The shortest hop count at which the entity was reached. */
  degree: number;
  degrees: number[];
  /** Routes from the start to the entity (start and entity included). */
  paths: string[][];
  explored: boolean;
  truncatedChildren: boolean;
  ignoredAsHop: boolean;
  createdOn?: number;
  createdActor?: string;
  updatedOn?: number;
  updatedActor?: string;
  isManual: boolean;
}

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
