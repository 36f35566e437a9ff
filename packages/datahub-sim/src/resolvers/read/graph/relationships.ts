import type { SimContext } from '../../../schema/context.js';
import { entityRef, type EntityRef } from '../../../schema/entity-ref.js';
import type { ResolverMap } from '../../../schema/build.js';
import { entityTypeOf } from '../../../urn.js';
import { urnTypeOfEntityType } from '../../../lineage/entity-facts.js';
import { graphOf, type GraphIndex } from '../../../lineage/graph-index.js';
import { GraphAnswers } from '../../../lineage/graph-answers.js';
import type { LineageDirection } from '../../../lineage/lineage-registry.js';
import { walkLineage } from '../../../lineage/lineage-walk.js';
import { siblingLineage, type LineagePage } from '../../../lineage/sibling-lineage.js';
import { siblingsFact } from '../../../lineage/siblings-aspect.js';
import { objectTypesWithField } from '../../../schema/sdl-fields.js';
import { entityPaths, intArg } from './shapes.js';

interface Source {
  urn: string;
}

interface RelationshipsInput {
  types: string[];
  direction: 'INCOMING' | 'OUTGOING';
  start?: number | null;
  count?: number | null;
  includeSoftDelete?: boolean | null;
  relatedEntityTypes?: string[] | null;
}

interface LineageInput {
  direction: LineageDirection;
  start?: number | null;
  count?: number | null;
  startTimeMillis?: number | null;
  endTimeMillis?: number | null;
  includeGhostEntities?: boolean | null;
  separateSiblings?: boolean | null;
}

/** `relatedEntityTypes` may name urn types (`dataset`) or GraphQL EntityType values (`DATASET`). */
const urnType = (t: string) => (/^[A-Z_]+$/.test(t) ? urnTypeOfEntityType(t) : t);

/**
 * EntityRelationshipsResultResolver over JavaGraphClient.getRelatedEntities: OUTGOING = edges whose source is
 * this entity, default page 0..100. With includeSoftDelete=false the page drops related entities that are
 * missing or soft-deleted, and count/total shrink by the same number.
 */
function relationships(source: Source, { input }: { input: RelationshipsInput }, ctx: SimContext) {
  const graph = graphOf(ctx.store.indexed());
  const outgoing = input.direction === 'OUTGOING';
  const edges = outgoing ? graph.outgoing(source.urn, input.types) : graph.incoming(source.urn, input.types);
  const wanted = input.relatedEntityTypes?.length ? new Set(input.relatedEntityTypes.map(urnType)) : null;
  const related = edges
    .map((e) => ({ type: e.type, urn: outgoing ? e.destination : e.source }))
    .filter((r) => !wanted || wanted.has(entityTypeOf(r.urn) ?? ''));
  const start = intArg(input.start, 0);
  const page = related.slice(start, start + intArg(input.count, 100));
  const viewable = input.includeSoftDelete === false ? page.filter((r) => graph.isLive(r.urn)) : page;
  return {
    start,
    count: viewable.length,
    total: related.length - (page.length - viewable.length),
    relationships: viewable.map((r) => ({
      type: r.type,
      direction: input.direction,
      entity: entityRef(r.urn),
      created: null,
    })),
  };
}

/**
 * EntityLineageResultResolver: one hop (default page 0..100) of the lineage walk, through SiblingGraphService:
 * unless `separateSiblings: true`, an entity with siblings answers with its siblings' edges merged in and their
 * totals summed (sibling-lineage.ts). Entities GMS does not have, or has soft-deleted, leave the page unless
 * `includeGhostEntities` (they are counted in `filtered`); `total` and `count` are the graph's.
 */
function lineage(source: Source, { input }: { input: LineageInput }, ctx: SimContext) {
  const graph = graphOf(ctx.store.indexed());
  const startTime = input.startTimeMillis ?? undefined;
  const endTime = input.endTimeMillis ?? (startTime !== undefined ? ctx.now() : undefined);
  // without a time window the answer depends only on the graph: kept until the catalog changes (a batch, a reach or
  // a walk asks it of thousands of entities, and of the same entity once per edge to it)
  if (startTime === undefined && endTime === undefined) {
    const key = `${input.direction}\u0000${input.start ?? ''}\u0000${input.count ?? ''}\u0000${input.includeGhostEntities === true}\u0000${input.separateSiblings === true}\u0000${source.urn}`;
    return oneHopAnswers.get(graph, key, () => lineageAnswer(ctx, graph, source.urn, input));
  }
  return lineageAnswer(ctx, graph, source.urn, input, startTime, endTime);
}

function lineageAnswer(
  ctx: SimContext,
  graph: GraphIndex,
  urn: string,
  input: LineageInput,
  startTime?: number,
  endTime?: number,
) {
  // GraphService.getLineage: one hop, a page of it and the total
  const graphPage = (of: string, offset: number, count: number): LineagePage => {
    const hits = walkLineage(graph, of, {
      direction: input.direction,
      maxHops: 1,
      startTimeMillis: startTime,
      endTimeMillis: endTime,
    }).hits;
    return { start: offset, count, total: hits.length, filtered: 0, relationships: hits.slice(offset, offset + count) };
  };
  // Every route starts at the source and ends at its hit: one ref per urn serves them all.
  const ref = entityRefs();
  const deps = {
    graphPage,
    siblingsOf: (of: string) => siblingsFact(ctx.store.aspect(of, 'siblings')),
    keeps: (of: string) => ref(of) !== null && (input.includeGhostEntities === true || graph.isLive(of)),
  };
  const start = intArg(input.start, 0);
  const count = intArg(input.count, 100);
  const answer =
    input.separateSiblings === true
      ? siblingLineage(urn, start, count, { ...deps, siblingsOf: () => undefined })
      : siblingLineage(urn, start, count, deps);
  return {
    start: answer.start,
    count: answer.count,
    total: answer.total,
    filtered: answer.filtered,
    relationships: answer.relationships.map((h) => ({
      type: h.type,
      entity: ref(h.urn),
      degree: h.degree,
      createdOn: h.createdOn ?? null,
      updatedOn: h.updatedOn ?? null,
      isManual: h.isManual,
      // shaped only when a query selects them: a batch's every entity asks for its edges, rarely for their routes
      get paths() {
        return entityPaths(h.paths, ref);
      },
    })),
  };
}

const oneHopAnswers = new GraphAnswers<ReturnType<typeof lineageAnswer>>();

/** entityRef, answering a urn asked again with the same (read-only) ref. */
function entityRefs(): (urn: string) => EntityRef | null {
  const known = new Map<string, EntityRef | null>();
  return (urn) => {
    let ref = known.get(urn);
    if (ref === undefined) known.set(urn, (ref = entityRef(urn)));
    return ref;
  };
}

/** `relationships` and `lineage` on every SDL object type that declares them. */
export function relationshipResolvers(): ResolverMap {
  const map: ResolverMap = {};
  for (const type of objectTypesWithField('relationships', 'input')) (map[type] ??= {}).relationships = relationships;
  for (const type of objectTypesWithField('lineage', 'input')) (map[type] ??= {}).lineage = lineage;
  return map;
}
