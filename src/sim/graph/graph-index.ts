import type { Store } from '../store.js';
import { parseSchemaFieldUrn } from '../urn.js';
import { asNumber, asString, at, isObject, objects, urnTypeOf } from './aspect-values.js';
import { edgesOf, type GraphEdge } from './edges.js';
import { walkLineage, type LineageHit } from './lineage-walk.js';

export type { GraphEdge } from './edges.js';
export type { LineageHit } from './lineage-walk.js';

/** The latest COMPLETE run of one assertion against one assertee (what EntityHealthResolver aggregates). */
export interface AssertionOutcome {
  assertionUrn: string;
  timestampMillis: number;
  /** `result.type` (SUCCESS, FAILURE, ERROR, INIT), absent when the event has no result. */
  resultType?: string;
}

/**
 * The relationship graph GMS would hold for the store's aspects, built once per store version in one pass
 * over the entities (O(aspects + edges)). Other parts of the simulator reach it through `graphOf(store)`.
 */
export class GraphIndex {
  private readonly out = new Map<string, GraphEdge[]>();
  private readonly in = new Map<string, GraphEdge[]>();
  private readonly assertionOutcomes = new Map<string, Map<string, AssertionOutcome>>();
  private readonly fieldPathsByParent = new Map<string, Set<string>>();
  private readonly liveness = new Map<string, boolean>();
  edgeCount = 0;

  constructor(
    readonly store: Store,
    readonly version: number,
  ) {
    for (const entity of store.all()) {
      // One graph document per (source, type, destination, via) among the edges this entity's aspects own.
      const seen = new Set<string>();
      for (const edge of edgesOf(entity)) {
        const key = `${edge.source}\u0000${edge.type}\u0000${edge.destination}\u0000${edge.via ?? ''}`;
        if (seen.has(key)) continue;
        seen.add(key);
        push(this.out, edge.source, edge);
        push(this.in, edge.destination, edge);
        this.edgeCount++;
      }
      if (entity.entityType === 'assertion') this.indexAssertionRuns(entity.urn, entity.timeseries.get('assertionRunEvent') ?? []);
    }
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
   * asks this of the same few entities over and over; answers are kept while the store is the one the
   * index was built from (every write moves its version).
   */
  isLive(urn: string): boolean {
    if (this.store.version !== this.version) return this.exists(urn) && !this.isRemoved(urn);
    let live = this.liveness.get(urn);
    if (live === undefined) this.liveness.set(urn, (live = this.exists(urn) && !this.isRemoved(urn)));
    return live;
  }

  entityType(urn: string): string | undefined {
    return urnTypeOf(urn);
  }

  /** Latest COMPLETE run per assertion whose `asserteeUrn` is `urn`. */
  assertionOutcomesFor(urn: string): Map<string, AssertionOutcome> {
    return this.assertionOutcomes.get(urn) ?? new Map();
  }

  private fieldPaths(parent: string): Set<string> {
    let paths = this.fieldPathsByParent.get(parent);
    if (!paths) {
      paths = new Set(objects(at(this.store.aspect(parent, 'schemaMetadata'), 'fields')).map((f) => asString(f.fieldPath) ?? ''));
      this.fieldPathsByParent.set(parent, paths);
    }
    return paths;
  }

  private indexAssertionRuns(assertionUrn: string, events: unknown[]): void {
    // Timeseries lists are newest first, so the first COMPLETE event per (assertee, assertion) is the latest.
    for (const event of events) {
      if (!isObject(event) || event.status !== 'COMPLETE') continue;
      const assertee = asString(event.asserteeUrn);
      if (!assertee) continue;
      const urn = asString(event.assertionUrn) ?? assertionUrn;
      let perAssertee = this.assertionOutcomes.get(assertee);
      if (!perAssertee) this.assertionOutcomes.set(assertee, (perAssertee = new Map()));
      const ts = asNumber(event.timestampMillis) ?? 0;
      const known = perAssertee.get(urn);
      if (!known || ts > known.timestampMillis) {
        perAssertee.set(urn, { assertionUrn: urn, timestampMillis: ts, resultType: asString(at(event, 'result.type')) });
      }
    }
  }
}

function push(map: Map<string, GraphEdge[]>, key: string, edge: GraphEdge): void {
  const list = map.get(key);
  if (list) list.push(edge);
  else map.set(key, [edge]);
}

function byTypes(edges: GraphEdge[] | undefined, types?: readonly string[]): GraphEdge[] {
  if (!edges) return [];
  if (!types || types.length === 0) return edges;
  return edges.filter((e) => types.includes(e.type));
}

const cache = new WeakMap<Store, GraphIndex>();

/** The store's graph, rebuilt only when the store's version has moved since the last build. */
export function graphOf(store: Store): GraphIndex {
  const cached = cache.get(store);
  if (cached && cached.version === store.version) return cached;
  const index = new GraphIndex(store, store.version);
  cache.set(store, index);
  return index;
}
