import type { GraphRecords } from './graph.js';
import { indexComponents, type IndexComponents } from './index-components.js';
import { lineageIndex, type LineageIndex } from './lineage-index.js';

/**
 * Integer indexes over one catalog read's records, each built on first use: entity lineage, its strongly connected
 * components, and column lineage. Every graph over the same records (a catalog's models) and the blast radius share
 * them; a judgment run reaches them through its JudgmentSession. The records must not change once indexed (a changed
 * catalog is new records).
 */
export class GraphIndexes {
  #entities?: LineageIndex;
  #components?: IndexComponents;
  #columns?: LineageIndex;

  constructor(private readonly records: GraphRecords) {}

  /** Entity lineage (`upstreams`) over integer ids. */
  get entities(): LineageIndex {
    return (this.#entities ??= lineageIndex(this.records.upstreams));
  }

  /** The strongly connected components of `entities`, upstream first. */
  get components(): IndexComponents {
    return (this.#components ??= indexComponents(this.entities));
  }

  /** Column lineage (`columnUpstreams`) over integer ids. */
  get columns(): LineageIndex {
    return (this.#columns ??= lineageIndex(this.records.columnUpstreams));
  }

  /** Whether a graph is over these very records (not a copy, not a changed one). */
  holds(g: GraphRecords): boolean {
    const r = this.records;
    return g.upstreams === r.upstreams && g.nodes === r.nodes && g.columnUpstreams === r.columnUpstreams;
  }
}
