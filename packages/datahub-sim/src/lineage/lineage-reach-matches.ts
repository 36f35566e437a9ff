import { queryMatcher } from './entity-facts.js';
import type { GraphIndex } from './graph-index.js';
import { passesFilters } from './lineage-filters.js';
import {
  indexed,
  keepsType,
  LIGHTNING_THRESHOLD,
  servable,
  type LineageMatches,
  type LineageRow,
  type Selection,
} from './lineage-matches.js';
import type { Reach } from './lineage-reach.js';

/**
 * Lineage search over a reach (whose entities are each reached once, so nothing is folded or merged): the
 * type and degree filters run over ids, urns are read only for the entities they keep, and rows, with their
 * routes, are made only for the range a page asks for.
 */
export function reachMatches(index: GraphIndex, reach: Reach, selection: Selection): LineageMatches {
  // Liveness and names come from the store: a selection's matches are kept for as long as it is unchanged.
  let kept = answers.get(reach);
  if (!kept || kept.storeVersion !== index.store.version)
    answers.set(reach, (kept = { storeVersion: index.store.version, bySelection: new Map() }));
  let matches = kept.bySelection.get(selection.key);
  if (!matches) {
    if (kept.bySelection.size >= MAX_SELECTIONS_PER_REACH)
      kept.bySelection.delete(kept.bySelection.keys().next().value!);
    kept.bySelection.set(selection.key, (matches = select(index, reach, selection)));
  }
  return matches;
}

const answers = new WeakMap<Reach, { storeVersion: number; bySelection: Map<string, LineageMatches> }>();
const MAX_SELECTIONS_PER_REACH = 8;

function select(index: GraphIndex, reach: Reach, selection: Selection): LineageMatches {
  const adjacency = index.lineage;
  const typeKept = adjacency.typesWhere((type) => keepsType(selection, type));
  const { degreeOk, branches } = selection;
  // Kept positions by hop: the walk's positions already run in degree order.
  const levels: number[][] = [];
  let count = 0;
  for (let hop = 1, p = 0; hop <= reach.levelEnds.length; hop++) {
    const level: number[] = [];
    const end = reach.levelEnds[hop - 1]!;
    if (!degreeOk || degreeOk(hop)) {
      for (; p < end; p++) if (typeKept[adjacency.typeOf(reach.nodes[p]!)]) level.push(p);
    }
    p = end;
    levels.push(level);
    count += level.length;
  }
  if (selection.mayLightning && count > LIGHTNING_THRESHOLD) {
    return positionMatches(
      'LIGHTNING',
      reach,
      inResultOrder(reach, levels, (urn) => passesFilters(urn, branches)),
      false,
    );
  }
  const matches = queryMatcher(index.store, selection.query);
  const inIndex = indexed(index, selection);
  const rows = inResultOrder(
    reach,
    levels,
    (urn) => servable(urn) && inIndex(urn) && matches(urn) && passesFilters(urn, branches),
  );
  return positionMatches('TORTOISE', reach, rows, true);
}

/** The positions whose urn passes `test`, by degree, then urn (see byDegreeThenUrn; urns do not repeat in a reach). */
function inResultOrder(
  reach: Reach,
  levels: number[][],
  test: (urn: string) => boolean,
): { positions: number[]; degrees: number[] } {
  const positions: number[] = [];
  const degrees: number[] = [];
  levels.forEach((level, i) => {
    const passed = level.map((p) => ({ p, urn: reach.urn(p) })).filter((x) => test(x.urn));
    passed.sort((a, b) => (a.urn < b.urn ? -1 : a.urn > b.urn ? 1 : 0));
    for (const x of passed) {
      positions.push(x.p);
      degrees.push(i + 1);
    }
  });
  return { positions, degrees };
}

function positionMatches(
  path: LineageMatches['path'],
  reach: Reach,
  { positions, degrees }: { positions: number[]; degrees: number[] },
  full: boolean,
): LineageMatches {
  return {
    path,
    total: positions.length,
    slice: (from, size) => {
      const rows: LineageRow[] = [];
      const end = sliceEnd(positions.length, from, size);
      for (let i = sliceStart(positions.length, from); i < end; i++)
        rows.push(new ReachRow(reach, positions[i]!, degrees[i]!, full));
      return rows;
    },
  };
}

/** `Array.prototype.slice(from, from + size)`'s bounds. */
const sliceStart = (length: number, from: number): number =>
  from < 0 ? Math.max(length + from, 0) : Math.min(from, length);
const sliceEnd = (length: number, from: number, size: number): number => sliceStart(length, from + size);

/** The row of one reached entity; its route is made when read. */
class ReachRow implements LineageRow {
  readonly urn: string;
  readonly degrees: number[] | null;
  readonly explored: boolean;
  readonly truncatedChildren = false;
  readonly ignoredAsHop = false;

  constructor(
    private readonly reach: Reach,
    private readonly position: number,
    readonly degree: number,
    full: boolean,
  ) {
    this.urn = reach.urn(position);
    this.degrees = full ? degreesOf(degree) : null;
    this.explored = full && degree < reach.maxHops;
  }

  get paths(): string[][] {
    return [this.reach.route(this.position)];
  }
}

/** `degrees` of a row reached once: one shared list per hop count. */
const DEGREES: number[][] = [];
const degreesOf = (degree: number): number[] => (DEGREES[degree] ??= Object.freeze([degree]) as number[]);
