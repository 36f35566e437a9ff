import { DEFAULT_POLICY } from '../../src/core/detectors/registered.js';
import { SEVERITY_ORDER, type Policy } from '../../src/core/finding.js';
import type { AssertionFact, EntityNode, Owner, UpstreamGraph } from '../../src/core/graph.js';
import { DEFAULT_BANDS } from '../../src/core/score.js';
import type { JudgePolicy } from '../../src/core/verdict.js';
import { alice, bob, col, ds, graph, HOUR, modelUrn, NOW, type CatalogRecords } from './builder.js';

/** How big a generated catalog is: what a failing seed is shrunk along. */
export interface CatalogShape {
  models: number;
  datasets: number;
}

export interface GeneratedCatalog {
  records: CatalogRecords;
  /** One graph per model, over the shared records. */
  graphs: UpstreamGraph[];
  policy: JudgePolicy;
  /** The clocks every model is judged at, in order: a judgment run each. */
  clocks: number[];
  /** Whether the graphs are judged in one run per clock, as a catalog scan's are (else a run per model). */
  shared: boolean;
}

/** mulberry32: a small seeded generator, so a failing seed replays exactly. */
function random(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]!;
  // how troubled the catalog is: most are very, some nearly healthy (one troubled table, or none)
  const trouble = pick([1, 1, 0.25, 0.05]);
  return {
    chance: (p: number) => next() < p,
    bad: (p: number) => next() < p * trouble,
    int,
    pick,
    hours: (max: number) => int(max * 4) * (HOUR / 4),
  };
}
type Random = ReturnType<typeof random>;

const COLUMNS = ['id', 'amount', 'country', 'is_fraud', 'score', 'ts', 'user.age'];
const FEATURE_NAMES = ['id', 'amount', 'country', 'score', 'ts', 'age'];
const MODEL_NAMES = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot'];
const group: Owner = { urn: 'urn:li:corpGroup:risk', kind: 'group', name: 'risk', departed: false };
const carol: Owner = { urn: 'urn:li:corpuser:carol', kind: 'user', name: 'carol', departed: true };
const OWNERS: Owner[][] = [[alice], [alice], [bob], [], [group], [bob, alice], [bob, carol]];

const lifecycle = (r: Random): Partial<EntityNode> => ({
  ...(r.bad(0.06) ? { deprecated: r.chance(0.5) ? { note: 'use v2' } : {} } : {}),
  removed: r.bad(0.04),
});

function assertions(r: Random, dataset: string): AssertionFact[] {
  const out: AssertionFact[] = [];
  const latest = () =>
    r.chance(0.2)
      ? undefined
      : {
          at: NOW - r.hours(10),
          result: r.bad(0.5) ? ('FAILURE' as const) : r.pick(['SUCCESS', 'ERROR', 'INIT'] as const),
        };
  for (let i = r.int(3); i > 0; i--) {
    const kind = r.pick(['other', 'other', 'freshness', 'dbt_freshness'] as const);
    const fact: AssertionFact = {
      urn: `urn:li:assertion:${dataset}-${out.length}`,
      kind,
      ...(r.chance(0.5) ? { description: 'rows > 0' } : {}),
    };
    if (kind !== 'other' && r.chance(0.6)) fact.slaMs = r.hours(48) || HOUR;
    const l = latest();
    if (l) fact.latest = l;
    out.push(fact);
  }
  return out;
}

function randomPolicy(r: Random): JudgePolicy {
  const policy = Object.fromEntries(
    Object.entries(DEFAULT_POLICY).map(([d, p]) => [
      d,
      r.chance(0.3) ? { severity: r.pick(SEVERITY_ORDER), weight: r.int(6) * 10 } : p,
    ]),
  ) as Policy;
  const trusted = r.pick([80, 70, 90]);
  return {
    policy,
    bands: {
      trusted,
      caution: r.pick([50, 40, 60]),
      capAt: r.pick([DEFAULT_BANDS.capAt, 'high', 'medium', 'none'] as const),
    },
    freshness: {
      byPlatform: r.pick<Record<string, number>>([
        {},
        { snowflake: 24 * HOUR },
        { 'urn:li:dataPlatform:bigquery': 6 * HOUR },
      ]),
      ...(r.chance(0.3) ? { globalMs: 48 * HOUR } : {}),
    },
    ...(r.chance(0.1) ? { asOf: NOW + 12 * HOUR } : {}),
  };
}

/**
 * A seeded random catalog: datasets in layers (fan-ins, shared tables, now and then a cycle or an unread upstream),
 * built directly or by jobs (some producing two or three tables), column lineage along the edges (now and then crossed, so
 * labels leak), SLAs and last updates, runs and assertions, owners (departed, groups), deprecations and removals;
 * models reading features over shared tables, some sharing features, some reading another model's (or their own) predictions.
 */
export function generateCatalog(seed: number, shape: CatalogShape): GeneratedCatalog {
  const r = random(seed);
  const records: CatalogRecords = { nodes: {}, upstreams: {}, columnUpstreams: {} };
  // names repeat now and then (models are listed by name, then urn)
  const names: string[] = [];
  for (let k = 0; k < shape.models; k++) names.push(k && r.chance(0.15) ? names[k - 1]! : r.pick(MODEL_NAMES));
  const apis = names.map((name, k) => graph({ urn: modelUrn(`m${k}`), name }, records));
  const build = apis[0]!;

  const tables = Array.from({ length: shape.datasets }, (_, i) => `t${i}`);
  for (const t of tables) {
    const cols = COLUMNS.filter(() => r.chance(0.6)).map((c) => (c === 'id' && r.chance(0.5) ? 'id*' : c));
    build.dataset(t, {
      cols,
      owners: r.pick(OWNERS),
      ...(r.chance(0.8) ? { lastUpdated: NOW - r.hours(r.bad(0.7) ? 72 : 1) } : {}),
      ...(r.chance(0.3) ? { customProperties: { freshness_sla: r.pick(['PT24H', '12h', 'P1D', '90m', 'soon']) } } : {}),
      ...(r.chance(0.2) ? { platform: 'urn:li:dataPlatform:bigquery' } : {}),
      assertions: assertions(r, t),
      ...lifecycle(r),
    });
    for (const c of records.nodes[ds(t)]!.columns)
      if (c.path === 'is_fraud' && r.chance(0.4)) c.labels = [r.pick(['label', 'Target', 'pii'])];
  }

  const linkColumns = (down: string, up: string) => {
    const upCols = records.nodes[ds(up)]?.columns ?? [];
    for (const c of records.nodes[ds(down)]!.columns) {
      if (upCols.some((u) => u.path === c.path) && r.chance(0.6)) build.column(`${down}.${c.path}`, `${up}.${c.path}`);
      else if (upCols.length && r.chance(0.12)) build.column(`${down}.${c.path}`, `${up}.${r.pick(upCols).path}`);
    }
  };
  tables.forEach((t, i) => {
    if (i === 0) return;
    const ups = [
      ...new Set(Array.from({ length: r.int(4) }, () => tables[Math.max(0, i - 1 - r.int(Math.min(i, 5)))]!)),
    ];
    if (r.chance(0.05)) build.lineage(t, 'ghost');
    if (ups.length && r.chance(0.45)) {
      const later = tables.slice(i + 1);
      const products = [
        ...new Set([t, ...Array.from({ length: later.length ? r.pick([0, 0, 1, 1, 2]) : 0 }, () => r.pick(later))]),
      ];
      const run = r.bad(0.25) ? 'FAILURE' : r.pick([undefined, 'SUCCESS'] as const);
      build.job(
        `j${i}`,
        {
          ...(run ? { latestRun: { urn: `urn:li:dataProcessInstance:j${i}`, at: NOW - r.hours(6), result: run } } : {}),
          ...(r.chance(0.2)
            ? { customProperties: { sla: r.pick(['datetime.timedelta(seconds=3600)', '1:00:00', 'PT6H']) } }
            : {}),
          ...lifecycle(r),
        },
        products,
        ups,
      );
    } else if (ups.length) build.lineage(t, ...ups);
    for (const u of ups) linkColumns(t, u);
  });
  // lineage cycles: an edge back up from a table a few layers below
  for (let n = shape.datasets > 3 ? r.int(3) : 0; n > 0; n--) {
    const top = 1 + r.int(shape.datasets - 2);
    build.lineage(tables[top]!, tables[Math.min(shape.datasets - 1, top + 1 + r.int(3))]!);
  }

  const sources = [...tables];
  const features: { id: string; name: string; sources: string[]; patch: Partial<EntityNode> }[] = [];
  apis.forEach((api, k) => {
    api.model({ owners: r.pick(OWNERS), ...lifecycle(r) });
    const training = r.pick(sources);
    api.training(training);
    for (let n = 1 + r.int(3); n > 0; n--) {
      const reuse = features.length && r.chance(0.2) ? r.pick(features) : undefined;
      const spec = reuse ?? {
        id: `m${k}_f${features.length}`,
        name: r.pick(FEATURE_NAMES),
        sources: [r.pick(sources), ...(r.chance(0.3) ? [r.pick(sources)] : [])],
        patch: { owners: r.pick(OWNERS), ...lifecycle(r) },
      };
      if (!reuse) features.push(spec);
      if (!api.g.features.some((f) => f.endsWith(`,${spec.id})`)))
        api.feature(spec.id, spec.sources, { ...spec.patch, name: spec.name });
    }
    if (r.chance(0.4)) api.featureTable(`ft${k}`, { owners: r.pick(OWNERS) }).primaryKey(r.pick(['id', 'country']));
    labelModel(r, api, records, training);
    if (r.chance(0.2)) {
      build.dataset(`p${k}`, {
        cols: ['score'],
        owners: r.pick(OWNERS),
        assertions: assertions(r, `p${k}`),
        lastUpdated: NOW - r.hours(30),
      });
      build.upstream(ds(`p${k}`), api.g.model);
      sources.push(`p${k}`);
      if (r.chance(0.3)) api.training(`p${k}`); // a feedback loop: the model is trained on its own predictions
    }
  });
  // issue 38: soft-deleted hops (a removed table with tables above it, walked through), labels on outcome tables no
  // model reads (followed through their own derivation), and features a model lists twice
  const inner = tables.filter((t) => (records.upstreams[ds(t)] ?? []).length);
  if (inner.length && r.chance(0.3)) records.nodes[ds(r.pick(inner))]!.removed = true;
  apis.forEach((api, k) => {
    if (r.chance(0.15)) {
      const from = r.pick(tables);
      const outcome = `o${k}`;
      build.dataset(outcome, { cols: ['is_fraud'], owners: r.pick(OWNERS), lastUpdated: NOW - r.hours(30) });
      build.lineage(outcome, from);
      const fromCols = records.nodes[ds(from)]!.columns;
      if (fromCols.length) build.column(`${outcome}.is_fraud`, `${from}.${r.pick(fromCols).path}`);
      const label = col(outcome, 'is_fraud');
      api.model(
        r.chance(0.5)
          ? { customProperties: { target: label } }
          : { structuredProperties: { 'io.janus.label': [label] } },
      );
    }
    if (api.g.features.length && r.chance(0.15)) api.g.features.push(r.pick(api.g.features));
  });
  return {
    records,
    graphs: apis.map((a) => a.g),
    policy: randomPolicy(r),
    clocks: [NOW, NOW + r.hours(48), NOW],
    shared: r.chance(0.7),
  };
}

/** The model's label, by one of the conventions, or none. */
function labelModel(r: Random, api: ReturnType<typeof graph>, records: CatalogRecords, training: string) {
  const someColumn = () => {
    const n =
      records.nodes[
        ds(
          r.pick(
            Object.keys(records.nodes)
              .filter((u) => u.startsWith('urn:li:dataset:'))
              .map((u) => u.split(',')[1]!),
          ),
        )
      ];
    return n?.columns.length ? r.pick(n.columns).urn : col(training, 'is_fraud');
  };
  switch (r.int(5)) {
    case 0:
      return; // none, or a tagged training column
    case 1:
      return api.model({ customProperties: { label: r.pick(['is_fraud', 'score', 'missing']) } });
    case 2:
      return api.model({ customProperties: { target: someColumn() } });
    case 3:
      return api.model({ structuredProperties: { 'io.janus.label': [someColumn()] } });
    default:
      return api.model({ customProperties: { label: 'is_fraud' } });
  }
}
