/**
 * Strongly connected components of a lineage graph, following upstream edges (iterative Tarjan: lineage can be
 * deep enough to overflow the stack). DataHub allows lineage cycles; judging must not lose a finding in one.
 */
export interface Components {
  /** Entity urn → its component's index. */
  of: Map<string, number>;
  /** Components' members, upstream components first (every component comes after those upstream of it). */
  members: string[][];
}

export function components(urns: Iterable<string>, upstreams: Record<string, string[]>): Components {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const of = new Map<string, number>();
  const members: string[][] = [];
  let counter = 0;

  for (const start of urns) {
    if (index.has(start)) continue;
    const work: { urn: string; next: number }[] = [{ urn: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const top = work[work.length - 1]!;
      const ups = upstreams[top.urn] ?? [];
      if (top.next < ups.length) {
        const up = ups[top.next++]!;
        if (!index.has(up)) {
          index.set(up, counter);
          low.set(up, counter++);
          stack.push(up);
          onStack.add(up);
          work.push({ urn: up, next: 0 });
        } else if (onStack.has(up)) low.set(top.urn, Math.min(low.get(top.urn)!, index.get(up)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.urn, Math.min(low.get(parent.urn)!, low.get(top.urn)!));
      if (low.get(top.urn) !== index.get(top.urn)) continue;
      // Tarjan closes a component after every component reachable from it, i.e. upstream of it
      const component: string[] = [];
      let u: string;
      do {
        u = stack.pop()!;
        onStack.delete(u);
        of.set(u, members.length);
        component.push(u);
      } while (u !== top.urn);
      members.push(component);
    }
  }
  return { of, members };
}
