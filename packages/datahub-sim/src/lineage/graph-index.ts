import type { Store, StoredEntity } from '../store/store.js';
import { parseSchemaFieldUrn } from '../urn.js';
import { asString, at, objects, urnTypeOf } from '../store/aspect-values.js';
import { AssertionOutcomes, type AssertionOutcome } from './assertion-outcomes.js';
import { EdgeLists } from './edge-lists.js';
import { edgesOf, type GraphEdge } from './edges.js';
import { LineageAdjacency } from './lineage-adjacency.js';
import { ReachCache } from './lineage-reach.js';
import type { LineageHit } from './lineage-hit.js';
import { walkLineage } from './lineage-walk.js';

export type { AssertionOutcome } from './assertion-outcomes.js';
export type { GraphEdge } from './edges.js';
export type { LineageHit } from './lineage-hit.js';

/**
 * The relationship graph GMS would hold for the store's aspects, built in one pass over the entities
 * (O(aspects + edges)) and then kept up to date entity by entity as writes come in (`catchUp`). Other parts
 * of the simulator reach it through `graphOf(store)`.
 */
export class GraphIndex {
  private readonly out = new EdgeLists();
  private readonly in = new EdgeLists();
  /** Each entity's distinct edges, so a write can take back the ones its old aspects produced. */
  private readonly owned = new Map<string, GraphEdge[]>();
  /** The creation order (`seq`) of each entity in `owned` when its edges were added: their place in the lists. */
  private readonly ownedSeq = new Map<string, number>();
  /** The lineage edges over integer ids, and the multi-hop walks answered from them (lineage search). */
  readonly lineage = new LineageAdjacency((urn, direction) =>
    direction === 'INCOMING' ? this.incoming(urn) : this.outgoing(urn),
  );
  readonly reaches = new ReachCache(this.lineage);
  private readonly outcomes: AssertionOutcomes;
  private readonly fieldPathsByParent = new Map<string, Set<string>>();
  private readonly liveness = new Map<string, boolean>();
  /** Column urns with a kept liveness answer, by dataset: their answers follow the dataset's aspects. */
  private readonly livenessOfColumns = new Map<string, Set<string>>();
  edgeCount = 0;

  constructor(
    readonly store: Store,
    public version: number,
  ) {
    this.outcomes = new AssertionOutcomes(store);
    for (const entity of store.all()) {
      this.addEdges(entity);
      if (entity.entityType === 'assertion') this.outcomes.add(entity);
    }
  }

  /** Brings the index to the store's `version` after writes to `urns`: only what those entities own is redone. */
  catchUp(urns: readonly string[], version: number): void {
    for (const urn of urns) {
      const stale = this.owned.get(urn) ?? [];
      const staleSeq = this.ownedSeq.get(urn);
      for (const edge of stale) {
        this.out.remove(edge.source, edge);
        this.in.remove(edge.destination, edge);
      }
      this.edgeCount -= stale.length;
      this.owned.delete(urn);
      this.ownedSeq.delete(urn);
      const entity = this.store.get(urn);
      if (entity) this.addEdges(entity);
      this.lineage.replaced(stale, staleSeq, this.owned.get(urn) ?? [], this.ownedSeq.get(urn));
      this.outcomes.update(urn);
      this.forgetAnswers(urn);
    }
    this.version = version;
  }

  private addEdges(entity: StoredEntity): void {
    // One graph document per (source, type, destination, via) among the edges this entity's aspects own.
    const seen = new Set<string>();
    const edges: GraphEdge[] = [];
    for (const edge of edgesOf(entity)) {
      const key = `${edge.source}\u0000${edge.type}\u0000${edge.destination}\u0000${edge.via ?? ''}`;
      if (seen.has(key)) continue;
      seen.add(key);
      edges.push(edge);
      this.out.add(edge.source, edge, entity.seq);
      this.in.add(edge.destination, edge, entity.seq);
    }
    if (edges.length > 0) {
      this.owned.set(entity.urn, edges);
      this.ownedSeq.set(entity.urn, entity.seq);
    }
    this.edgeCount += edges.length;
  }

  private forgetAnswers(urn: string): void {
    this.liveness.delete(urn);
    this.fieldPathsByParent.delete(urn);
    for (const column of this.livenessOfColumns.get(urn) ?? []) this.liveness.delete(column);
    this.livenessOfColumns.delete(urn);
  }

  /** Edges whose source is `urn` (OUTGOING), optionally only of the given relationship types. */
  outgoing(urn: string, types?: readonly string[]): GraphEdge[] {
    return byTypes(this.out.get(urn), types);
  }

  /** Edges whose destination is `urn` (INCOMING). */
  incoming(urn: string, types?: readonly string[]): GraphEdge[] {
    return byTypes(this.in.get(urn), types);
  }

  /**
   * One lineage hop upstream, entity- or column-level, as the `lineage` field returns it by default: only
   * entities GMS has and has not soft-deleted.
   */
  upstreams(urn: string): LineageHit[] {
    return walkLineage(this, urn, { direction: 'UPSTREAM', maxHops: 1 }).hits.filter((h) => this.isLive(h.urn));
  }

  downstreams(urn: string): LineageHit[] {
    return walkLineage(this, urn, { direction: 'DOWNSTREAM', maxHops: 1 }).hits.filter((h) => this.isLive(h.urn));
  }

  /**
   * Whether GMS has the entity (its `exists` check). A column also exists when its dataset's schemaMetadata
   * declares it: GMS derives schemaField entities from schemaMetadata (SchemaFieldSideEffect).
   */
  exists(urn: string): boolean {
    if (this.store.exists(urn)) return true;
    const field = parseSchemaFieldUrn(urn);
    return !!field && this.store.exists(field.parent) && this.fieldPaths(field.parent).has(field.fieldPath);
  }

  /** `status.removed` (soft delete); a column follows its dataset. */
  isRemoved(urn: string): boolean {
    if (this.store.aspect<{ removed?: unknown }>(urn, 'status')?.removed === true) return true;
    const field = parseSchemaFieldUrn(urn);
    return !!field && this.store.aspect<{ removed?: unknown }>(field.parent, 'status')?.removed === true;
  }

  /**
   * exists and not soft-deleted: what GMS search and `exists(urn, includeSoftDeleted=false)` return. Lineage
   * asks this of the same few entities over and over; an answer is kept until a write reaches the entity
   * (or, for a column, its dataset), and is not kept while the index lags behind the store.
   */
  isLive(urn: string): boolean {
    if (this.store.version !== this.version) return this.exists(urn) && !this.isRemoved(urn);
    let live = this.liveness.get(urn);
    if (live === undefined) {
      this.liveness.set(urn, (live = this.exists(urn) && !this.isRemoved(urn)));
      const field = parseSchemaFieldUrn(urn);
      if (field) {
        const columns = this.livenessOfColumns.get(field.parent);
        if (columns) columns.add(urn);
        else this.livenessOfColumns.set(field.parent, new Set([urn]));
      }
    }
    return live;
  }

  entityType(urn: string): string | undefined {
    return urnTypeOf(urn);
  }

  /** Latest COMPLETE run per assertion whose `asserteeUrn` is `urn`. */
  assertionOutcomesFor(urn: string): Map<string, AssertionOutcome> {
    return this.outcomes.for(urn);
  }

  private fieldPaths(parent: string): Set<string> {
    let paths = this.fieldPathsByParent.get(parent);
    if (!paths) {
      paths = new Set(
        objects(at(this.store.aspect(parent, 'schemaMetadata'), 'fields')).map((f) => asString(f.fieldPath) ?? ''),
      );
      this.fieldPathsByParent.set(parent, paths);
    }
    return paths;
  }
}

function byTypes(edges: GraphEdge[] | undefined, types?: readonly string[]): GraphEdge[] {
  if (!edges) return [];
  if (!types || types.length === 0) return edges;
  return edges.filter((e) => types.includes(e.type));
}

const cache = new WeakMap<Store, GraphIndex>();

/**
 * The store's graph. When the store has moved since, the cached index catches up on the entities written
 * meanwhile; it is rebuilt only when the store no longer remembers them all.
 */
export function graphOf(store: Store): GraphIndex {
  const cached = cache.get(store);
  if (cached && cached.version === store.version) return cached;
  const changed = cached && store.changedSince(cached.version);
  if (cached && changed) {
    cached.catchUp(changed, store.version);
    return cached;
  }
  const index = new GraphIndex(store, store.version);
  cache.set(store, index);
  return index;
}
