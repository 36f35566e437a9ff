/**
 * The running set of routes from the walk's start to every node reached (DataHub's ThreadSafePathStore with
 * `addEdgeToPaths`): each route to a parent is extended by the hop (through its via entity, if any); routes
 * that already repeat a node are not extended, and an identical route is stored once.
 */
export class LineagePaths {
  private readonly paths = new Map<string, string[][]>();
  private readonly keys = new Map<string, Set<string>>();

  get(urn: string): readonly string[][] {
    return this.paths.get(urn) ?? [];
  }

  /** Adds the hop parent → (via) → child; true when at least one new route to the child was stored. */
  add(parent: string, via: string | undefined, child: string): boolean {
    const toParent = this.paths.get(parent);
    if (!toParent || toParent.length === 0) {
      return this.store(child, via ? [parent, via, child] : [parent, child]);
    }
    let added = false;
    for (const route of [...toParent]) {
      if (new Set(route).size !== route.length) continue; // a route with a cycle is not extended
      if (this.store(child, via ? [...route, via, child] : [...route, child])) added = true;
    }
    return added;
  }

  private store(urn: string, route: string[]): boolean {
    const key = route.join('\u0000');
    let keys = this.keys.get(urn);
    if (!keys) this.keys.set(urn, (keys = new Set()));
    if (keys.has(key)) return false;
    keys.add(key);
    const list = this.paths.get(urn);
    if (list) list.push(route);
    else this.paths.set(urn, [route]);
    return true;
  }
}

/** The routes to `child`, each cut just after the via entity (how DataHub reports the via node's own paths). */
export function viaPaths(routes: readonly string[][], via: string): string[][] {
  return routes.map((route) => {
    const at = route.indexOf(via);
    return at === -1 ? [...route] : route.slice(0, at + 1);
  });
}
