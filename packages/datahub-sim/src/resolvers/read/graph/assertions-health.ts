import type { SimContext } from '../../../schema/context.js';
import type { ResolverMap } from '../../../schema/build.js';
import type { Json } from '../../../store/aspect-values.js';
import { graphOf } from '../../../lineage/graph-index.js';
import { incidentState, incidentsOn } from './incidents.js';
import { hitsTotal } from '../search/result-window.js';
import { intArg, refs } from './shapes.js';

interface Source {
  urn: string;
}

interface AssertionsArgs {
  start?: number | null;
  count?: number | null;
  includeSoftDeleted?: boolean | null;
}

/**
 * EntityAssertionsResolver: the assertions with an `Asserts` edge to the dataset, paged over the graph
 * (default 0..200; `count`/`total` are the graph's), then hydrated: missing assertions, and soft-deleted
 * ones unless `includeSoftDeleted`, are dropped from the page.
 */
function assertions(source: Source, args: AssertionsArgs, ctx: SimContext) {
  const graph = graphOf(ctx.store.indexed());
  const related = graph.incoming(source.urn, ['Asserts']).map((e) => e.source);
  const start = intArg(args.start, 0);
  const page = related.slice(start, start + intArg(args.count, 200));
  const kept = page.filter((urn) => (args.includeSoftDeleted === true ? graph.exists(urn) : graph.isLive(urn)));
  return { start, count: page.length, total: related.length, assertions: refs(kept) };
}

interface Health {
  type: 'INCIDENTS' | 'ASSERTIONS';
  status: 'PASS' | 'FAIL';
  message: string | null;
  causes: string[] | null;
  reportedAt: null;
}

const entry = (
  type: Health['type'],
  status: Health['status'],
  message: string | null,
  causes: string[] | null,
): Health => ({
  type,
  status,
  message,
  causes,
  reportedAt: null,
});

/**
 * EntityHealthResolver: INCIDENTS is FAIL with "N active incident(s)" when active incidents exist, else PASS.
 * ASSERTIONS (only when the entity has assertions and they have COMPLETE runs against it) is FAIL when the
 * latest run of any of them is not SUCCESS, with the failing assertion urns as causes, else PASS.
 */
function health(source: Source, _args: unknown, ctx: SimContext): Health[] {
  const graph = graphOf(ctx.store.indexed());
  const healths: Health[] = [];
  // the incident index's count (EntityClient.filter's numEntities): ES's hits total, 10,000 past 10,000
  const active = hitsTotal(
    incidentsOn(graph, source.urn).filter(
      (urn) => incidentState(ctx.store.aspect<Json>(urn, 'incidentInfo')) === 'ACTIVE',
    ).length,
  );
  healths.push(
    active > 0
      ? entry('INCIDENTS', 'FAIL', `${active} active incident${active > 1 ? 's' : ''}`, ['ACTIVE_INCIDENTS'])
      : entry('INCIDENTS', 'PASS', null, null),
  );

  const asserting = new Set(
    graph
      .incoming(source.urn, ['Asserts'])
      .slice(0, 500)
      .map((e) => e.source),
  );
  const outcomes = graph.assertionOutcomesFor(source.urn);
  if (asserting.size > 0 && outcomes.size > 0) {
    const failing = [...outcomes.values()]
      .filter((o) => asserting.has(o.assertionUrn) && o.resultType !== 'SUCCESS')
      .map((o) => o.assertionUrn);
    healths.push(
      failing.length > 0
        ? entry('ASSERTIONS', 'FAIL', `${failing.length} of ${asserting.size} assertions are failing`, failing)
        : entry('ASSERTIONS', 'PASS', 'All assertions are passing', null),
    );
  }
  return healths;
}

export const assertionHealthResolvers: ResolverMap = {
  Dataset: { assertions, health },
  DataJob: { health },
};
