import type { SimContext } from '../../../schema/context.js';
import type { ResolverMap } from '../../../schema/build.js';
import { entityTypeOf } from '../../../urn.js';
import { asNumber, at } from '../../../store/aspect-values.js';
import { graphOf, type GraphIndex } from '../../../lineage/graph-index.js';
import { filterRefuses, hitsTotal, windowRefusal } from '../search/result-window.js';
import { intArg, newestFirst, refs } from './shapes.js';

interface Source {
  urn: string;
}

interface RunsArgs {
  start?: number | null;
  count?: number | null;
  direction?: 'INCOMING' | 'OUTGOING' | null;
}

/** Which graph edges point from a run (dataProcessInstance) at the entity. */
const RUN_EDGES = {
  /** Runs whose outputs include the dataset (the `outputs` search field). */
  OUTGOING: ['Produces', 'DataProcessInstanceProduces'],
  /** Runs whose inputs include the dataset. */
  INCOMING: ['Consumes', 'DataProcessInstanceConsumes'],
  TEMPLATE: ['InstanceOf'],
} as const;

function runsPointingAt(graph: GraphIndex, urn: string, types: readonly string[]): string[] {
  const runs = graph
    .incoming(urn, types)
    .map((e) => e.source)
    .filter((s) => entityTypeOf(s) === 'dataProcessInstance' && graph.isLive(s));
  return [...new Set(runs)];
}

/**
 * The runs page, newest first by `dataProcessInstanceProperties.created.time`; count is the page size. A query of
 * the run index (EntityClient.filter): `total` is ES's hits total, and a page past the result window fails.
 */
function page(graph: GraphIndex, runs: string[], args: RunsArgs) {
  const start = intArg(args.start, 0);
  const count = intArg(args.count, 20);
  if (filterRefuses(start, count)) throw windowRefusal();
  const sorted = newestFirst(
    runs.map((urn) => ({
      urn,
      time: asNumber(at(graph.store.aspect(urn, 'dataProcessInstanceProperties'), 'created.time')),
    })),
  );
  return {
    start,
    count,
    total: hitsTotal(sorted.length),
    runs: refs(sorted.slice(start, start + count).map((r) => r.urn)),
  };
}

/** Dataset.runs (EntityRunsResolver): OUTGOING = runs that produced the dataset, INCOMING = runs that read it. */
function datasetRuns(source: Source, args: RunsArgs, ctx: SimContext) {
  const graph = graphOf(ctx.store.indexed());
  const direction = args.direction === 'OUTGOING' ? 'OUTGOING' : 'INCOMING';
  return page(graph, runsPointingAt(graph, source.urn, RUN_EDGES[direction]), args);
}

/** DataJob.runs / DataFlow.runs (ExecutionRunsResolver): runs of this template that have run events. */
function executionRuns(source: Source, args: RunsArgs, ctx: SimContext) {
  const graph = graphOf(ctx.store.indexed());
  const runs = runsPointingAt(graph, source.urn, RUN_EDGES.TEMPLATE).filter(
    (urn) => ctx.store.indexed().timeseries(urn, 'dataProcessInstanceRunEvent').length > 0,
  );
  return page(graph, runs, args);
}

export const runsResolvers: ResolverMap = {
  Dataset: { runs: datasetRuns },
  DataJob: { runs: executionRuns },
  DataFlow: { runs: executionRuns },
};
