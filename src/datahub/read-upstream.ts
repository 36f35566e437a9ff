import type { EntityNode, UpstreamGraph } from '../core/graph.js';
import type { DataHubClient } from './client.js';
import { NONE, toNode, toOwners } from './map-entity.js';
import { columnUrn } from './queries/response-pieces.js';
import { unpooled, type UrnPool } from './urn-pool.js';
import { ENTITY_BATCH, entities, type RawEntity } from './queries/entities.js';
import type { LineagePage } from './queries/lineage-page.js';
import { upstream, UPSTREAM_SLOTS, type UpstreamVars } from './queries/upstream.js';

/** Entities read so far, shared across the models of one scan so that each entity is read once. */
export type EntityCache = Map<string, RawEntity | null>;

/**
 * Reads a model's whole upstream graph in a constant number of requests whatever its depth: one multi-hop
 * lineage scroll (which reaches the training set through the model's training job, when it names one), then
 * batched `entities` reads that bring each entity's facts and one-hop upstream edges, sent as scroll pages
 * arrive. Training sets the lineage did not reach (DataHub's `mlModelTrainingData` is no lineage edge) are
 * scrolled and read in a second round.
 */
export async function readUpstreamGraph(
  client: DataHubClient,
  model: string,
  cache: EntityCache = new Map(),
  /** More roots to walk from (datasets a proposed lineage change mentions). */
  extraRoots: string[] = [],
): Promise<UpstreamGraph> {
  const reached = new Set<string>();
  await readReached(client, [model], reached, cache);
  const training = (cache.get(model)?.trainingData ?? []).map((t) => t.dataset);
  const more = [...new Set([...training, ...extraRoots])].filter((d) => !reached.has(d));
  if (more.length) await readReached(client, more, reached, cache);
  return buildGraph(model, [...reached], cache);
}

/** Scrolls everything upstream of the roots and reads it (roots included), a full batch as soon as the scroll has one. */
async function readReached(
  client: DataHubClient,
  roots: string[],
  reached: Set<string>,
  cache: EntityCache,
): Promise<void> {
  const pending: string[] = [];
  const reads: Promise<void>[] = [];
  const reach = (urns: string[], last: boolean) => {
    for (const urn of urns) {
      if (reached.has(urn)) continue;
      reached.add(urn);
      if (!cache.has(urn)) pending.push(urn);
    }
    while (pending.length >= ENTITY_BATCH || (last && pending.length))
      reads.push(readEntities(client, pending.splice(0, ENTITY_BATCH), cache));
  };
  reach(roots, false);
  await scrollUpstream(client, roots, (urns) => reach(urns, false));
  reach([], true);
  await Promise.all(reads);
}

/** Every entity upstream of the roots, any depth, a page at a time to `onPage`. */
async function scrollUpstream(client: DataHubClient, roots: string[], onPage: (urns: string[]) => void): Promise<void> {
  const groups: string[][] = [];
  for (let i = 0; i < roots.length; i += UPSTREAM_SLOTS) groups.push(roots.slice(i, i + UPSTREAM_SLOTS));
  await Promise.all(
    groups.map(async (slot) => {
      const vars: UpstreamVars = { u0: slot[0]! };
      slot.slice(1).forEach((urn, j) => Object.assign(vars, { [`u${j + 1}`]: urn, [`has${j + 1}`]: true }));
      const data = await client.request(upstream, vars);
      const first = [data.s0, data.s1, data.s2, data.s3] as const;
      first.forEach((page) => onPage(urnsOf(page)));
      // each root's further pages follow its own scroll id, one after another; the roots side by side
      await Promise.all(
        first.map(async (page, k) => {
          let next = page?.nextScrollId;
          while (next) {
            const more = await client.request(upstream, { u0: slot[k]!, scrollId: next });
            onPage(urnsOf(more.s0));
            next = more.s0.nextScrollId;
          }
        }),
      );
    }),
  );
}

const urnsOf = (page: LineagePage | null | undefined): string[] => (page?.searchResults ?? []).map((r) => r.entity.urn);

/**
 * Reads the entities not yet in the cache, in batches of at most `batch`, split evenly; the batches go out
 * together (the client keeps at most `datahub.concurrency` in flight).
 */
export async function readEntities(
  client: DataHubClient,
  urns: string[],
  cache: EntityCache,
  batch = ENTITY_BATCH,
  /** What to keep of each entity read (a whole-catalog read settles each batch as it lands, holding no level whole). */
  keep: (raw: RawEntity) => RawEntity = (raw) => raw,
): Promise<void> {
  const missing = [...new Set(urns)].filter((u) => !cache.has(u));
  if (!missing.length) return;
  const size = Math.ceil(missing.length / Math.ceil(missing.length / batch));
  const batches: string[][] = [];
  for (let i = 0; i < missing.length; i += size) batches.push(missing.slice(i, i + size));
  await Promise.all(
    batches.map(async (b) => {
      const data = await client.request(entities, { urns: b });
      for (const urn of b) if (!cache.has(urn)) cache.set(urn, null);
      for (const e of data.entities ?? []) {
        if (!e) continue;
        const kept = keep(e);
        cache.set(kept.urn, kept);
      }
    }),
  );
}

/** What each raw entity contributes to any graph: computed once, shared by every graph it appears in. */
interface GraphParts {
  node: EntityNode;
  upstreams: string[];
  /** Column lineage: each of `columnDowns` derives from the columns at the same place in `columnUps`. */
  columnDowns: string[];
  columnUps: string[][];
}
const graphPartsCache = new WeakMap<RawEntity, GraphParts>();

function graphPartsOf(raw: RawEntity, pool: UrnPool = unpooled): GraphParts {
  let d = graphPartsCache.get(raw);
  if (d) return d;
  const columns = new Map<string, string[]>();
  for (const fg of [...(raw.fineGrainedLineages ?? []), ...(raw.inputOutput?.fineGrainedLineages ?? [])]) {
    for (const ref of fg.downstreams ?? []) {
      const down = pool(columnUrn(ref));
      const list = columns.get(down) ?? [];
      for (const up of fg.upstreams ?? []) {
        const urn = pool(columnUrn(up));
        if (!list.includes(urn)) list.push(urn);
      }
      columns.set(down, list);
    }
  }
  const upstreams = [
    ...new Set((raw.upstream?.relationships ?? []).map((r) => r.entity?.urn).filter((u): u is string => !!u)),
  ].map(pool);
  d = {
    node: toNode(raw, pool),
    upstreams: upstreams.length ? upstreams : NONE,
    columnDowns: columns.size ? [...columns.keys()] : NONE,
    columnUps: columns.size ? [...columns.values()] : NONE,
  };
  graphPartsCache.set(raw, d);
  return d;
}

/** The entity's one-hop upstream lineage (DataHub's edges), whether or not its read was settled. */
export const lineageUpstreams = (raw: RawEntity): string[] => graphPartsOf(raw).upstreams;

/**
 * The entity's read, once its graph parts (node and edges) are worked out, with only what is still read from it afterwards (what a
 * model's graph and the catalog's inputs are built from, and Janus's own incidents and assertions for the
 * write-back): a whole-catalog read then holds each entity about once rather than as its read plus its node.
 * A new object, not fields deleted in place (which would leave V8 a slower, larger dictionary object).
 */
const KEPT = ['urn', 'type', 'exists', 'name', 'properties', 'trainingData', 'featureTables'] as const;

export function trimRead(raw: RawEntity, pool: UrnPool = unpooled): RawEntity {
  const d = graphPartsOf(raw, pool);
  const kept: Record<string, unknown> = {};
  for (const field of KEPT) if (raw[field] !== undefined && raw[field] !== null) kept[field] = raw[field];
  kept.urn = d.node.urn;
  if (raw.incidents?.incidents.length) kept.incidents = raw.incidents;
  if (raw.assertions?.assertions.length) kept.assertions = raw.assertions;
  graphPartsCache.set(kept as RawEntity, d);
  return kept as RawEntity;
}

/** The shared part of graphs: nodes, entity edges and column edges. */
export type GraphRecords = Pick<UpstreamGraph, 'nodes' | 'upstreams' | 'columnUpstreams'>;

/** Records over a set of entities (edges leaving the set are dropped). Node and list objects are shared: read only. */
export function graphRecords(urns: Iterable<string>, cache: EntityCache): GraphRecords {
  const r: GraphRecords = { nodes: {}, upstreams: {}, columnUpstreams: {} };
  const inGraph = urns instanceof Set ? (urns as Set<string>) : new Set(urns);
  for (const urn of inGraph) {
    const raw = cache.get(urn);
    if (!raw) continue;
    const d = graphPartsOf(raw);
    r.nodes[urn] = d.node;
    r.upstreams[urn] = d.upstreams.every((u) => inGraph.has(u))
      ? d.upstreams
      : d.upstreams.filter((u) => inGraph.has(u));
    d.columnDowns.forEach((down, i) => {
      const ups = d.columnUps[i]!;
      const current = r.columnUpstreams[down];
      r.columnUpstreams[down] = current ? [...new Set([...current, ...ups])] : ups;
    });
  }
  for (const [urn, raw] of cache) {
    // a model's training data is one of its inputs for Janus, though DataHub does not call it lineage
    if (raw?.type === 'MLMODEL' && r.nodes[urn]) {
      const training = (raw.trainingData ?? []).map((t) => t.dataset).filter((d) => r.nodes[d]);
      if (training.length) r.upstreams[urn] = [...new Set([...(r.upstreams[urn] ?? []), ...training])];
    }
  }
  return r;
}

/** One model's graph over shared records: its features, feature tables, primary keys and training data. */
export function modelGraph(model: string, records: GraphRecords, cache: EntityCache): UpstreamGraph {
  const m = cache.get(model);
  const g: UpstreamGraph = {
    model,
    ...records,
    features: [],
    featureTables: [],
    trainingData: [],
    featureSources: {},
    primaryKeys: [],
  };
  g.features = (m?.properties?.mlFeatures ?? []).filter((f) => g.nodes[f]);
  g.trainingData = (m?.trainingData ?? []).map((t) => t.dataset).filter((d) => g.nodes[d]);
  for (const f of g.features) {
    const raw = cache.get(f)!;
    g.featureSources[f] = (raw.properties?.sources ?? []).map((s) => s?.urn).filter((u): u is string => !!u);
    for (const rel of raw.featureTables?.relationships ?? []) addFeatureTable(g, rel.entity);
  }
  return g;
}

/** Assembles the plain graph the detectors read, from the entities read for one model. */
export function buildGraph(model: string, urns: string[], cache: EntityCache): UpstreamGraph {
  return modelGraph(model, graphRecords(urns, cache), cache);
}

function addFeatureTable(
  g: UpstreamGraph,
  table: NonNullable<RawEntity['featureTables']>['relationships'][number]['entity'],
): void {
  if (!table) return;
  if (!g.featureTables.includes(table.urn)) g.featureTables.push(table.urn);
  const node: EntityNode = g.nodes[table.urn] ?? {
    urn: table.urn,
    kind: 'mlFeatureTable',
    name: table.name ?? table.urn,
    owners: toOwners(table.ownership),
    removed: false,
    customProperties: {},
    columns: [],
    assertions: [],
    producers: [],
    structuredProperties: {},
  };
  g.nodes[table.urn] ??= node;
  for (const pk of table.properties?.mlPrimaryKeys ?? []) {
    if (!pk) continue;
    if (!g.primaryKeys.includes(pk.urn)) g.primaryKeys.push(pk.urn);
    g.nodes[pk.urn] ??= { ...node, urn: pk.urn, kind: 'mlPrimaryKey', name: pk.name, owners: [] };
  }
}
