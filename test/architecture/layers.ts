import type { ImportEdge } from './import-graph.js';

/** One row of the layer table: a name and the files and folders (repository-relative) it holds. */
export interface Layer {
  name: string;
  paths: readonly string[];
  /** The edges: folders of this layer never import one another (what they share moves down a layer). */
  apart?: boolean;
}

/** An import the table forbids but that stays for now, and why (the lead empties the list at merge). */
export interface AllowedImport {
  from: string;
  to: string;
  why: string;
}

interface Place {
  layer: number;
  path: string;
}

/** Where a file sits in the table: its layer and the file or folder that places it; undefined when none does. */
export function placeOf(layers: readonly Layer[], file: string): Place | undefined {
  for (const [layer, { paths }] of layers.entries())
    for (const path of paths) if (file === path || file.startsWith(`${path}/`)) return { layer, path };
  return undefined;
}

/**
 * The imports that go against the table: from a lower layer to a higher one, or between two folders of a layer
 * kept apart; and the files under `root` the table does not place (a new folder must take its row): those that
 * import, or are imported. One line each, sorted.
 */
export function layerViolations(
  layers: readonly Layer[],
  edges: readonly ImportEdge[],
  root: string,
  allowed: readonly AllowedImport[] = [],
): string[] {
  const name = (p: Place) => `${p.path} (${p.layer} ${layers[p.layer]!.name})`;
  const unplaced = new Set<string>();
  const found: string[] = [];
  for (const { from, specifier, to } of edges) {
    const source = placeOf(layers, from);
    if (!source) {
      if (from.startsWith(`${root}/`)) unplaced.add(from);
      continue;
    }
    if (to === undefined || !to.startsWith(`${root}/`)) continue;
    const target = placeOf(layers, to);
    if (!target) {
      unplaced.add(to);
      continue;
    }
    if (allowed.some((a) => a.from === from && a.to === to)) continue;
    if (target.layer < source.layer)
      found.push(`${from} imports '${specifier}': ${name(source)} must not import ${name(target)}, a layer above`);
    else if (target.layer === source.layer && target.path !== source.path && layers[source.layer]!.apart)
      found.push(`${from} imports '${specifier}': ${name(source)} must not import ${name(target)}, another edge`);
  }
  return [...[...unplaced].sort().map((file) => `${file} sits in no layer of the table`), ...found.sort()];
}
