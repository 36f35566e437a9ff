import type { GraphEdge } from './edges.js';

/**
 * Edges by urn, each list in the creation order of the entities that own its edges: the order a build in
 * one pass over the store gives, kept when one entity's edges are replaced after a write.
 */
export class EdgeLists {
  private readonly edges = new Map<string, GraphEdge[]>();
  /** The owning entity's `seq` for each edge, in step with `edges`. */
  private readonly owners = new Map<string, number[]>();

  get(urn: string): GraphEdge[] | undefined {
    return this.edges.get(urn);
  }

  /** Adds an edge of the entity numbered `seq` after the edges of every entity created before it (or of itself). */
  add(urn: string, edge: GraphEdge, seq: number): void {
    const edges = this.edges.get(urn);
    const owners = this.owners.get(urn);
    if (!edges || !owners) {
      this.edges.set(urn, [edge]);
      this.owners.set(urn, [seq]);
    } else if (owners[owners.length - 1]! <= seq) {
      edges.push(edge);
      owners.push(seq);
    } else {
      const at = upperBound(owners, seq);
      edges.splice(at, 0, edge);
      owners.splice(at, 0, seq);
    }
  }

  remove(urn: string, edge: GraphEdge): void {
    const edges = this.edges.get(urn);
    const at = edges ? edges.lastIndexOf(edge) : -1;
    if (!edges || at === -1) return;
    if (edges.length === 1) {
      this.edges.delete(urn);
      this.owners.delete(urn);
      return;
    }
    edges.splice(at, 1);
    this.owners.get(urn)!.splice(at, 1);
  }
}

/** The first index whose value is greater than `value` in an ascending list. */
function upperBound(values: number[], value: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid]! <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
