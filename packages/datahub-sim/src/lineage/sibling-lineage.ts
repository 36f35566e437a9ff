import type { LineageHit } from './lineage-hit.js';

/** One page of one-hop lineage as GMS's graph service answers it (EntityLineageResult). */
export interface LineagePage {
  start: number;
  count: number;
  total: number;
  filtered: number;
  relationships: LineageHit[];
}

/** A `siblings` aspect (common/Siblings.pdl): the other members of the group, and whether this one leads it. */
export interface SiblingsFact {
  siblings: string[];
  primary: boolean;
}

export interface SiblingLineageDeps {
  /** GraphService.getLineage: one hop, the page [offset, offset + count) of the urn's edges and their total. */
  graphPage(urn: string, offset: number, count: number): LineagePage;
  /** The urn's `siblings` aspect, when it has one. */
  siblingsOf(urn: string): SiblingsFact | undefined;
  /** ValidationUtils.validateEntityLineageResult's test: the entity exists (and is live, unless ghosts are asked for). */
  keeps(urn: string): boolean;
}

/**
 * SiblingGraphService.getLineage (metadata-io/.../graph/SiblingGraphService.java), the `lineage` field's answer
 * unless `separateSiblings: true`. An entity with a `siblings` aspect answers its own page with its siblings' edges
 * merged in: sibling nodes are dropped from the list, a non-primary entity whose sibling is also listed is dropped,
 * and `total` is the SUM of the raw totals of every member, so it stays larger than the list. The offset and count
 * passed on to each sibling are what is left of them, as GMS computes it (which is not a page of the merged list).
 */
export function siblingLineage(urn: string, offset: number, count: number, deps: SiblingLineageDeps): LineagePage {
  return validate(merged(urn, offset, count, deps, new Set()), deps);
}

function merged(
  urn: string,
  offset: number,
  count: number,
  deps: SiblingLineageDeps,
  visited: Set<string>,
): LineagePage {
  let result = deps.graphPage(urn, offset, count);
  const aspect = deps.siblingsOf(urn);
  if (!aspect) return result;
  const group = new Set([...aspect.siblings, urn]);
  result = filterFromSiblings(urn, group, result, undefined, deps);
  offset = Math.max(0, offset - result.total);
  count = Math.max(0, count - result.relationships.length);
  visited.add(urn);
  for (const sibling of aspect.siblings) {
    if (visited.has(sibling)) continue;
    // the sibling's own lineage merged with ITS siblings first (the recursive getLineage), then into the result
    const own = validate(merged(sibling, offset, count, deps, visited), deps);
    const next = filterFromSiblings(sibling, group, own, result, deps);
    offset = Math.max(0, offset - next.total);
    count = Math.max(0, count - next.count - result.count);
    result = next;
  }
  return result;
}

/** filterLineageResultFromSiblings: steps 1 to 5 of the Java method. */
function filterFromSiblings(
  urn: string,
  group: Set<string>,
  result: LineagePage,
  existing: LineagePage | undefined,
  deps: SiblingLineageDeps,
): LineagePage {
  // 1) the group's other members leave this member's edges
  const own = result.relationships.filter((r) => !group.has(r.urn) || r.urn === urn);
  // 2) what the result already lists is not listed twice
  const existingUrns = new Set((existing?.relationships ?? []).map((r) => r.urn));
  const unique = own.filter((r) => !existingUrns.has(r.urn));
  // 3) this member's new edges first, then the ones already there
  const combined = [...unique, ...(existing?.relationships ?? [])];
  const combinedUrns = new Set(combined.map((r) => r.urn));
  // 5) a non-primary entity whose sibling is listed too leaves the list
  const kept = combined.filter((r) => {
    const siblings = deps.siblingsOf(r.urn);
    return !siblings || siblings.primary || !siblings.siblings.some((s) => combinedUrns.has(s));
  });
  const dropped = result.relationships.length - unique.length + (combined.length - kept.length);
  return validate(
    {
      start: result.start,
      count: kept.length,
      total: result.total + (existing?.total ?? 0),
      filtered: dropped + (existing?.filtered ?? 0) + result.filtered,
      relationships: kept,
    },
    deps,
  );
}

/** ValidationUtils.validateEntityLineageResult: drops what GMS does not have; `count` and `total` stay. */
function validate(page: LineagePage, deps: SiblingLineageDeps): LineagePage {
  const kept = page.relationships.filter((r) => deps.keeps(r.urn));
  if (kept.length === page.relationships.length) return page;
  return { ...page, filtered: page.filtered + page.relationships.length - kept.length, relationships: kept };
}
