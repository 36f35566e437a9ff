import type { UpstreamGraph } from '../core/graph.js';
import { shortName } from '../core/names.js';

/** A path of urns, and the same path for people: `a → b → c`. */
export interface Chain {
  urns: string[];
  text: string;
}

export const chainOf = (urns: string[]): Chain => ({ urns, text: urns.map(shortName).join(' → ') });

/**
 * The shortest lineage path from `entity` down to the graph's model (`entity → … → model`), found by walking
 * upstream from the model breadth first; undefined when the entity is not upstream of it. Pure.
 */
export function lineagePath(g: UpstreamGraph, entity: string): string[] | undefined {
  if (entity === g.model) return [entity];
  const cameFrom = new Map<string, string>([[g.model, '']]);
  const queue = [g.model];
  while (queue.length) {
    const at = queue.shift()!;
    for (const up of g.upstreams[at] ?? []) {
      if (cameFrom.has(up)) continue;
      cameFrom.set(up, at);
      if (up === entity) {
        const path = [up];
        for (let next = at; next; next = cameFrom.get(next)!) path.push(next);
        return path;
      }
      queue.push(up);
    }
  }
  return undefined;
}
