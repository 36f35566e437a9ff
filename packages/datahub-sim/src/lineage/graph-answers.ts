import type { GraphIndex } from './graph-index.js';

/** Answers most kept, per graph: past it the oldest go (a walk of a large catalog asks each entity a few times). */
const MAX_KEPT = 400_000;

/**
 * Answers that depend only on the graph (and the entities' liveness), kept per graph index until the catalog changes:
 * any write moves the index's version and drops them all. The answers are shared: read only.
 */
export class GraphAnswers<T> {
  private readonly byGraph = new WeakMap<GraphIndex, { version: number; answers: Map<string, T> }>();

  get(graph: GraphIndex, key: string, answer: () => T): T {
    let kept = this.byGraph.get(graph);
    if (!kept || kept.version !== graph.version)
      this.byGraph.set(graph, (kept = { version: graph.version, answers: new Map() }));
    let value = kept.answers.get(key);
    if (value === undefined) {
      value = answer();
      if (kept.answers.size >= MAX_KEPT) kept.answers.delete(kept.answers.keys().next().value!);
      kept.answers.set(key, value);
    }
    return value;
  }
}
