import type { GraphEdge } from './edges.js';

/** What a lineage walk reads from the graph (GraphIndex has it): the edges leaving and entering an entity. */
export interface LineageEdges {
  outgoing(urn: string): readonly GraphEdge[];
  incoming(urn: string): readonly GraphEdge[];
}
