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
          upstream ? { type: spec.name, direction: 'OUTGOING', opposing: dest } : { type: spec.name, direction: 'INCOMING', opposing: source },
        );
        specOf(upstream ? dest : source).downstream.push(
          upstream ? { type: spec.name, direction: 'INCOMING', opposing: source } : { type: spec.name, direction: 'OUTGOING', opposing: dest },
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

  constructor(
    readonly direction: LineageDirection,
    private readonly allowedTypes: Set<string>,
  ) {}

  static forStart(startType: string, direction: LineageDirection): LineageEdgeFilter {
    return new LineageEdgeFilter(direction, walkableEntityTypes(startType));
  }

  allows(entityType: string, type: string, direction: EdgeDirection, opposing: string): boolean {
    let keys = this.perType.get(entityType);
    if (!keys) {
      keys = new Set(
        lineageEdgeInfos(entityType, this.direction)
          .filter((info) => this.allowedTypes.has(info.opposing))
          .map((info) => edgeInfoKey(entityType, info.type, info.direction, info.opposing)),
      );
      this.perType.set(entityType, keys);
    }
    return keys.has(edgeInfoKey(entityType, type, direction, opposing));
  }
}
