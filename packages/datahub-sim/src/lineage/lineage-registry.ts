import { RELATIONSHIP_SPECS } from './relationship-specs.js';

/**
 * DataHub's LineageRegistry (entity-registry `LineageRegistry`): from every `isLineage` annotation, which
 * (relationship type, edge direction, opposing entity type) triples are upstream or downstream hops for an
 * entity type. "A DownstreamOf B": A's upstream is (DownstreamOf, OUTGOING, B) and B's downstream is
 * (DownstreamOf, INCOMING, A); `isUpstream: false` ("A Produces B") swaps the two sides.
 */

export type LineageDirection = 'UPSTREAM' | 'DOWNSTREAM';
export type EdgeDirection = 'OUTGOING' | 'INCOMING';

export interface EdgeInfo {
  type: string;
  direction: EdgeDirection;
  opposing: string;
}

interface LineageSpec {
  upstream: EdgeInfo[];
  downstream: EdgeInfo[];
}

function buildSpecs(): Map<string, LineageSpec> {
  const specs = new Map<string, LineageSpec>();
  const seen = new Set<string>();
  const specOf = (type: string) => {
    let s = specs.get(type.toLowerCase());
    if (!s) specs.set(type.toLowerCase(), (s = { upstream: [], downstream: [] }));
    return s;
  };
  for (const spec of RELATIONSHIP_SPECS) {
    if (!spec.isLineage) continue;
    for (const source of spec.sourceTypes) {
      for (const dest of spec.destTypes) {
        const key = `${source}|${dest}|${spec.name}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const upstream = spec.isUpstream !== false;
        specOf(upstream ? source : dest).upstream.push(
          upstream
            ? { type: spec.name, direction: 'OUTGOING', opposing: dest }
            : { type: spec.name, direction: 'INCOMING', opposing: source },
        );
        specOf(upstream ? dest : source).downstream.push(
          upstream
            ? { type: spec.name, direction: 'INCOMING', opposing: source }
            : { type: spec.name, direction: 'OUTGOING', opposing: dest },
        );
      }
    }
  }
  return specs;
}

const SPECS = buildSpecs();

/** Column lineage is special-cased in DataHub: schemaField hops are only DownstreamOf to other schemaFields. */
const SCHEMA_FIELD_EDGES: Record<LineageDirection, EdgeInfo[]> = {
  UPSTREAM: [{ type: 'DownstreamOf', direction: 'OUTGOING', opposing: 'schemaField' }],
  DOWNSTREAM: [{ type: 'DownstreamOf', direction: 'INCOMING', opposing: 'schemaField' }],
};

/**
 * Relationship types (lower case, as the registry compares them) that can be a lineage hop for some entity
 * type: no walk follows an edge of any other type.
 */
export const LINEAGE_EDGE_TYPES: ReadonlySet<string> = new Set([
  ...RELATIONSHIP_SPECS.filter((spec) => spec.isLineage).map((spec) => spec.name.toLowerCase()),
  ...Object.values(SCHEMA_FIELD_EDGES)
    .flat()
    .map((info) => info.type.toLowerCase()),
]);

/** `LineageRegistry.getLineageRelationships(entityType, direction)`. */
export function lineageEdgeInfos(entityType: string, direction: LineageDirection): EdgeInfo[] {
  if (entityType === 'schemaField') return SCHEMA_FIELD_EDGES[direction];
  const spec = SPECS.get(entityType.toLowerCase());
  if (!spec) return [];
  return direction === 'UPSTREAM' ? spec.upstream : spec.downstream;
}

/**
 * `getEntitiesWithLineageToEntityType`: the entity types a walk starting at `entityType` may cross at all
 * (the start type plus every type one annotation away from it, either direction). DataHub applies this
 * set to the whole multi-hop walk (`LineageGraphFilters.forEntityType`).
 */
export function walkableEntityTypes(entityType: string): Set<string> {
  const spec = SPECS.get(entityType.toLowerCase());
  const types = new Set<string>([entityType]);
  for (const info of [...(spec?.upstream ?? []), ...(spec?.downstream ?? [])]) types.add(info.opposing);
  return types;
}

export const edgeInfoKey = (entityType: string, type: string, direction: EdgeDirection, opposing: string) =>
  `${entityType.toLowerCase()}|${type.toLowerCase()}|${direction}|${opposing.toLowerCase()}`;

/**
 * The (entity type → allowed hop) table for one walk: `LineageGraphFilters.getEdgeInfo` with the walk's
 * allowed entity types, computed lazily per entity type met on the way.
 */
export class LineageEdgeFilter {
  private readonly perType = new Map<string, Set<string>>();
  /** Answers by entity type, then edge direction, edge type and opposing type: walks ask the same few questions. */
  private readonly answers = new Map<string, Record<EdgeDirection, Map<string, Map<string, boolean>>>>();
  /** mayAllow's answers by entity type, then edge direction, then edge type. */
  private readonly prefixAnswers = new Map<string, Record<EdgeDirection, Map<string, boolean>>>();

  constructor(
    readonly direction: LineageDirection,
    private readonly allowedTypes: Set<string>,
  ) {}

  /** The filter of a walk from an entity of `startType`; it depends on nothing else, so walks share it. */
  static forStart(startType: string, direction: LineageDirection): LineageEdgeFilter {
    const key = `${direction}\u0000${startType}`;
    let filter = SHARED_FILTERS.get(key);
    if (!filter) {
      if (SHARED_FILTERS.size >= MAX_SHARED_FILTERS) SHARED_FILTERS.clear(); // urns of made-up types
      SHARED_FILTERS.set(key, (filter = new LineageEdgeFilter(direction, walkableEntityTypes(startType))));
    }
    return filter;
  }

  allows(entityType: string, type: string, direction: EdgeDirection, opposing: string): boolean {
    let byDirection = this.answers.get(entityType);
    if (!byDirection) this.answers.set(entityType, (byDirection = { OUTGOING: new Map(), INCOMING: new Map() }));
    // nested maps, not a joined key: a walk asks once per edge, and building the key string cost more than the answer
    const byType = byDirection[direction];
    let answers = byType.get(type);
    if (!answers) byType.set(type, (answers = new Map()));
    let answer = answers.get(opposing);
    if (answer === undefined) answers.set(opposing, (answer = this.decide(entityType, type, direction, opposing)));
    return answer;
  }

  /**
   * False when no opposing type at all makes the hop allowed, so a walk can pass over an edge without
   * reading the urn at its other end (most of an entity's edges lead the other way or are not lineage).
   */
  mayAllow(entityType: string, type: string, direction: EdgeDirection): boolean {
    let byDirection = this.prefixAnswers.get(entityType);
    if (!byDirection) this.prefixAnswers.set(entityType, (byDirection = { OUTGOING: new Map(), INCOMING: new Map() }));
    const answers = byDirection[direction];
    let answer = answers.get(type);
    if (answer === undefined) {
      const prefix = edgeInfoKey(entityType, type, direction, '');
      answer = [...this.keysFor(entityType)].some((key) => key.startsWith(prefix));
      answers.set(type, answer);
    }
    return answer;
  }

  private decide(entityType: string, type: string, direction: EdgeDirection, opposing: string): boolean {
    return this.keysFor(entityType).has(edgeInfoKey(entityType, type, direction, opposing));
  }

  private keysFor(entityType: string): Set<string> {
    let keys = this.perType.get(entityType);
    if (!keys) {
      keys = new Set(
        lineageEdgeInfos(entityType, this.direction)
          .filter((info) => this.allowedTypes.has(info.opposing))
          .map((info) => edgeInfoKey(entityType, info.type, info.direction, info.opposing)),
      );
      this.perType.set(entityType, keys);
    }
    return keys;
  }
}

const SHARED_FILTERS = new Map<string, LineageEdgeFilter>();
const MAX_SHARED_FILTERS = 256;
