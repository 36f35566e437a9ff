import type { SimContext } from '../../../schema/context.js';
import type { ResolverMap } from '../../../schema/build.js';
import { entityTypeOf } from '../../../urn.js';
import { asNumber, asString, at, objects, type Json } from '../../../store/aspect-values.js';
import { graphOf, type GraphIndex } from '../../../lineage/graph-index.js';
import { filterRefuses, hitsTotal, windowRefusal } from '../search/result-window.js';
import { intArg, newestFirst, refs } from './shapes.js';

interface Source {
  urn: string;
}

interface IncidentsArgs {
  state?: string | null;
  stage?: string | null;
  priority?: string | null;
  assigneeUrns?: string[] | null;
  start?: number | null;
  count?: number | null;
}

/** IncidentPriority as GMS stores it (IncidentUtils): an int, 0 the most urgent. */
const PRIORITY_VALUE: Record<string, number> = { CRITICAL: 0, HIGH: 1, MEDIUM: 2, LOW: 3 };

/** Live incidents whose `incidentInfo.entities` include the entity (the `entities.keyword` search field). */
export function incidentsOn(graph: GraphIndex, urn: string): string[] {
  const incidents = graph
    .incoming(urn, ['IncidentOn'])
    .map((e) => e.source)
    .filter((s) => entityTypeOf(s) === 'incident' && graph.isLive(s) && graph.store.aspect(s, 'incidentInfo'));
  return [...new Set(incidents)];
}

export const incidentState = (info: Json | undefined) => asString(at(info, 'status.state'));

function matches(info: Json | undefined, args: IncidentsArgs): boolean {
  if (args.state && incidentState(info) !== args.state) return false;
  if (args.stage && asString(at(info, 'status.stage')) !== args.stage) return false;
  if (args.priority && asNumber(info?.priority) !== PRIORITY_VALUE[args.priority]) return false;
  if (args.assigneeUrns?.length) {
    const assignees = objects(info?.assignees).map((a) => asString(a.actor));
    if (!assignees.some((a) => a !== undefined && args.assigneeUrns!.includes(a))) return false;
  }
  return true;
}

/**
 * EntityIncidentsResolver: filtered by state/stage/priority/assignees, newest created first, 20 a page. A query of
 * the incident index (EntityClient.filter): `total` is ES's hits total, and a page past the result window fails. The
 * list, its filters and its order come from that index (they lag behind writes, `Store.indexed()`); each listed
 * incident is then read from the database, so a just-resolved one can still be listed as ACTIVE.
 */
function incidents(source: Source, args: IncidentsArgs, ctx: SimContext) {
  const graph = graphOf(ctx.store.indexed());
  const found = incidentsOn(graph, source.urn)
    .map((urn) => ({ urn, info: graph.store.aspect<Json>(urn, 'incidentInfo') }))
    .filter((i) => matches(i.info, args))
    .map((i) => ({ urn: i.urn, time: asNumber(at(i.info, 'created.time')) }));
  const start = intArg(args.start, 0);
  const count = intArg(args.count, 20);
  if (filterRefuses(start, count)) throw windowRefusal();
  const sorted = newestFirst(found);
  const page = refs(sorted.slice(start, start + count).map((i) => i.urn));
  return { start, count, total: hitsTotal(sorted.length), incidents: page };
}

export const incidentResolvers: ResolverMap = {
  Dataset: { incidents },
  DataJob: { incidents },
  DataFlow: { incidents },
};
