import { urnTypeOf } from '../store/aspect-values.js';
import type { GraphEdge } from './edges.js';
import type { LineageEdges } from './lineage-edges.js';
import { LineageEdgeFilter, type EdgeDirection, type LineageDirection } from './lineage-registry.js';
import { inTimeWindow, type TimeWindow } from './lineage-time-window.js';
import { lineageHit, type LineageHit } from './lineage-hit.js';

/**
 * The level-order walk cut to its first hop, for the `lineage` field every entity of a batch asks for: the
 * start's allowed edges, outgoing then incoming, each new neighbour reached once by the first edge to it,
 * and each `via` entity (a query, a column lineage's job) the first time it is crossed. The hits, their
 * order and their routes are the walk's (`walkEveryHop` with maxHops 1), without its level bookkeeping.
 */
export function oneHop(
  index: LineageEdges,
  start: string,
  direction: LineageDirection,
  window?: TimeWindow,
): LineageHit[] {
  const startType = urnTypeOf(start) ?? '';
  const filter = LineageEdgeFilter.forStart(startType, direction);
  const hits = new Map<string, LineageHit>();
  const reached = new Set<string>([start]);
  const vias = new Set<string>();
  const follow = (edge: GraphEdge, other: string, edgeDirection: EdgeDirection) => {
    if (!filter.mayAllow(startType, edge.type, edgeDirection)) return;
    if (other === start || !filter.allows(startType, edge.type, edgeDirection, urnTypeOf(other) ?? '')) return;
    if (!inTimeWindow(edge, window) || reached.has(other)) return;
    reached.add(other);
    const via = edge.via;
    hits.set(other, lineageHit(edge, other, 1, [via ? [start, via, other] : [start, other]]));
    if (via && !vias.has(via)) {
      vias.add(via);
      // the via entity's route ends at its first place on the route (viaPaths)
      const route = [start, via, other];
      hits.set(via, lineageHit(edge, via, 1, [route.slice(0, route.indexOf(via) + 1)]));
    }
  };
  for (const edge of index.outgoing(start)) follow(edge, edge.destination, 'OUTGOING');
  for (const edge of index.incoming(start)) follow(edge, edge.source, 'INCOMING');
  return [...hits.values()];
}
