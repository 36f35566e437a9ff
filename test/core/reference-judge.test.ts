import { describe, expect, it } from 'vitest';
import { modelsBelowIndex } from '../../src/core/blast-radius.js';
import { resolveLabel } from '../../src/core/conventions/label.js';
import { upstreamOf } from '../../src/core/graph.js';
import { lineageIndex } from '../../src/core/lineage-index.js';
import { JudgmentSession } from '../../src/core/session.js';
import { assess, byModelName, verdictOf, type ModelRef } from '../../src/core/verdict.js';
import { generateCatalog, type CatalogShape, type GeneratedCatalog } from './catalog-generator.js';
import { referenceJudge } from './reference-judge.js';
import { sampleOf } from '../support/thorough.js';

const SEEDS = Number(process.env.REFERENCE_SEEDS ?? 250);
const FIRST_SEED = Number(process.env.REFERENCE_FIRST_SEED ?? 1);
/** 1 to 6 models over 8 to 27 datasets; every 50th seed 34 models over 48 datasets, past a 32-bit word of the bit sets. */
const shapeOf = (seed: number): CatalogShape =>
  seed % 50 === 0 ? { models: 34, datasets: 48 } : { models: 1 + (seed % 6), datasets: 8 + (seed % 20) };
/**
 * The seeds judged: every one under JANUS_THOROUGH=1 or when REFERENCE_SEEDS names a count; by default a seeded
 * sample of SAMPLED_SEEDS, the first and the last among them, and a large catalog (34 models) always.
 */
const SAMPLED_SEEDS = 60;
const ALL_SEEDS = Array.from({ length: SEEDS }, (_, i) => FIRST_SEED + i);
const isLarge = (seed: number) => shapeOf(seed).models > 32;
const JUDGED_SEEDS = process.env.REFERENCE_SEEDS ? ALL_SEEDS : sampleOf(ALL_SEEDS, SAMPLED_SEEDS);
if (!JUDGED_SEEDS.some(isLarge) && ALL_SEEDS.some(isLarge)) JUDGED_SEEDS.push(ALL_SEEDS.find(isLarge)!);

/** What both judges must agree on, as plain data: findings without their prose, listed effects as key and entity. */
interface Comparable {
  model: string;
  clock: number;
  score: number;
  band: string;
  capped?: unknown;
  upstreamCount: number;
  label?: unknown;
  findings: {
    detector: string;
    entity: string;
    key: string;
    severity: string;
    weight: number;
    evidence: Record<string, unknown>;
  }[];
  blastRadius: { dataset: string; models: string[] }[];
}

type Judged = Pick<Comparable, 'score' | 'band' | 'capped' | 'upstreamCount' | 'label'> & {
  findings: { detector: string; entity: string; key: string; severity: string; weight: number; evidence: object }[];
  blastRadius: { dataset: string; models: ModelRef[] }[];
};

function comparable(model: string, clock: number, v: Judged): Comparable {
  return JSON.parse(
    JSON.stringify({
      model,
      clock,
      score: v.score,
      band: v.band,
      capped: v.capped,
      upstreamCount: v.upstreamCount,
      label: v.label,
      findings: v.findings.map(({ detector, entity, key, severity, weight, evidence }) => {
        // a root's evidence works its effects out when read (RootEvidence): JSON reads them
        const plain = JSON.parse(JSON.stringify(evidence)) as Record<string, unknown>;
        if (Array.isArray(plain.downstreamEffects))
          plain.downstreamEffects = plain.downstreamEffects.map(
            ({ key: k, entity: e }: { key: string; entity: string }) => ({ key: k, entity: e }),
          );
        return { detector, entity, key, severity, weight, evidence: plain };
      }),
      blastRadius: v.blastRadius.map((b) => ({
        dataset: b.dataset,
        models: b.models.map((m) => `${m.name} ${m.urn}`),
      })),
    }),
  ) as Comparable;
}

/**
 * The engine, as a catalog scan runs it: one judgment run per clock over the shared records (or, for some catalogs,
 * a run per model, as `janus trust` judges), the blast radius from the catalog's index.
 */
function engineJudgments(cat: GeneratedCatalog): Comparable[] {
  const models = Object.values(cat.records.nodes)
    .filter((n) => n.kind === 'mlModel')
    .map((n) => ({ urn: n.urn, name: n.name }))
    .sort(byModelName);
  const refs = new Map(models.map((m) => [m.urn, m]));
  const below = modelsBelowIndex(
    lineageIndex(cat.records.upstreams),
    models.map((m) => m.urn),
  );
  return cat.clocks.flatMap((now, clock) => {
    const shared = new JudgmentSession(cat.policy, now);
    return cat.graphs.map((g) => {
      const session = cat.shared ? shared : new JudgmentSession(cat.policy, now);
      const v = verdictOf(session, g, assess(session, g), (d) => below(d).map((m) => refs.get(m)!), {
        now,
        datahub: 'http://datahub.test',
      });
      return comparable(g.model, clock, v);
    });
  });
}

const referenceJudgments = (cat: GeneratedCatalog): Comparable[] =>
  cat.clocks.flatMap((now, clock) =>
    cat.graphs.map((g) => comparable(g.model, clock, referenceJudge(g, now, cat.policy))),
  );

interface Mismatch {
  seed: number;
  shape: CatalogShape;
  engine: Comparable;
  reference: Comparable;
}

function firstMismatch(seed: number, shape: CatalogShape): Mismatch | undefined {
  const cat = generateCatalog(seed, shape);
  const engine = engineJudgments(cat);
  const reference = referenceJudgments(cat);
  const i = engine.findIndex((e, k) => JSON.stringify(e) !== JSON.stringify(reference[k]));
  return i === -1 ? undefined : { seed, shape, engine: engine[i]!, reference: reference[i]! };
}

/** The smallest catalog of the same seed that still disagrees: fewer models first, then fewer datasets. */
function shrink(m: Mismatch): Mismatch {
  let best = m;
  for (let models = 1; models <= m.shape.models; models++) {
    for (let datasets = 2; datasets <= m.shape.datasets; datasets++) {
      if (models * 100 + datasets >= best.shape.models * 100 + best.shape.datasets) continue;
      const smaller = firstMismatch(m.seed, { models, datasets });
      if (smaller) best = smaller;
    }
  }
  return best;
}

/** The fields (evidence by its own fields) where two findings differ. */
function differences(a: Comparable['findings'][number], b: Comparable['findings'][number]): [string, string, string][] {
  const flat = (f: typeof a): Record<string, unknown> => ({
    ...f,
    evidence: undefined,
    ...Object.fromEntries(Object.entries(f.evidence).map(([k, v]) => [`evidence.${k}`, v])),
  });
  const [x, y] = [flat(a), flat(b)];
  return [...new Set([...Object.keys(x), ...Object.keys(y)])]
    .filter((k) => JSON.stringify(x[k]) !== JSON.stringify(y[k]))
    .map((k) => [k, JSON.stringify(x[k]) ?? 'none', JSON.stringify(y[k]) ?? 'none']);
}

/** The seed, the shape, and what differs: the few lines an issue note needs. */
export function describeMismatch({ seed, shape, engine, reference }: Mismatch): string {
  const lines = [
    `seed ${seed}, ${shape.models} models × ${shape.datasets} datasets: ${engine.model} at clock #${engine.clock} disagrees`,
  ];
  for (const field of ['score', 'band', 'capped', 'upstreamCount', 'label'] as const) {
    if (JSON.stringify(engine[field]) !== JSON.stringify(reference[field]))
      lines.push(`  ${field}: engine ${JSON.stringify(engine[field])}, reference ${JSON.stringify(reference[field])}`);
  }
  const byKey = (list: Comparable['findings']) => new Map(list.map((f) => [f.key, f]));
  const [e, r] = [byKey(engine.findings), byKey(reference.findings)];
  for (const key of new Set([...e.keys(), ...r.keys()])) {
    const [a, b] = [e.get(key), r.get(key)];
    if (!a) lines.push(`  only the reference finds ${key}`);
    else if (!b) lines.push(`  only the engine finds ${key}`);
    else for (const [field, x, y] of differences(a, b)) lines.push(`  ${key} ${field}: engine ${x}, reference ${y}`);
  }
  if (
    JSON.stringify(engine.findings.map((f) => f.key)) !== JSON.stringify(reference.findings.map((f) => f.key)) &&
    lines.length === 1
  )
    lines.push('  findings in another order');
  if (JSON.stringify(engine.blastRadius) !== JSON.stringify(reference.blastRadius)) {
    lines.push(
      `  blast radius: engine ${JSON.stringify(engine.blastRadius)}`,
      `                reference ${JSON.stringify(reference.blastRadius)}`,
    );
  }
  return shortUrns(lines.join('\n'));
}

/** `t4`, `j3`, `m0`, `t1.is_fraud` for the generated catalog's urns: a failure reads as its catalog does. */
const shortUrns = (text: string) =>
  text
    .replace(/urn:li:schemaField:\(urn:li:dataset:\(urn:li:dataPlatform:\w+,(\w+),PROD\),([\w.]+)\)/g, '$1.$2')
    .replace(/urn:li:dataset:\(urn:li:dataPlatform:\w+,(\w+),PROD\)/g, '$1')
    .replace(/urn:li:dataJob:\(urn:li:dataFlow:\(airflow,etl,PROD\),(\w+)\)/g, '$1')
    .replace(/urn:li:mlModel:\(urn:li:dataPlatform:mlflow,(\w+),PROD\)/g, '$1');

describe('the engine against the reference judge', () => {
  it(`agrees on score, band, findings, evidence and blast radius for every model of ${JUDGED_SEEDS.length} of ${SEEDS} random catalogs (all under JANUS_THOROUGH=1)`, () => {
    let judged = 0;
    for (const seed of JUDGED_SEEDS) {
      const mismatch = firstMismatch(seed, shapeOf(seed));
      if (mismatch) expect.fail(describeMismatch(shrink(mismatch)));
      judged++;
    }
    expect(judged).toBe(JUDGED_SEEDS.length);
  });

  it('generates catalogs that exercise every detector, folding and the cap', () => {
    const seen = new Set<string>();
    for (let seed = FIRST_SEED; seed < FIRST_SEED + 40; seed++) {
      for (const v of referenceJudgments(generateCatalog(seed, { models: 5, datasets: 24 }))) {
        for (const f of v.findings) seen.add(f.detector);
        if (v.findings.some((f) => 'downstreamDatasets' in f.evidence)) seen.add('folded');
        if (v.capped) seen.add('capped');
        if (v.findings.some((f) => f.detector === 'upstream_failure' && 'job' in f.evidence)) seen.add('failed job');
        if (v.blastRadius.some((b) => b.models.length > 1)) seen.add('shared blast radius');
      }
      const cat = generateCatalog(seed, { models: 5, datasets: 24 });
      for (const g of cat.graphs) {
        const upstream = new Set(upstreamOf(g, g.model));
        // a removed entity with troubled or any entities above it, reached through it
        if ([...upstream].some((u) => g.nodes[u]?.removed && (g.upstreams[u] ?? []).some((x) => g.nodes[x])))
          seen.add('soft-deleted hop');
        const label = resolveLabel(g);
        const table = label && /^urn:li:schemaField:\((urn:li:dataset:\(.*?\)),/.exec(label.column)?.[1];
        if (table && !upstream.has(table) && g.columnUpstreams[label.column]) seen.add('label off lineage');
        if (new Set(g.features).size < g.features.length) seen.add('feature listed twice');
      }
    }
    expect([...seen].sort()).toEqual([
      'capped',
      'deprecated_upstream',
      'failed job',
      'feature listed twice',
      'folded',
      'freshness_lag',
      'label off lineage',
      'missing_owner',
      'removed_upstream',
      'shared blast radius',
      'soft-deleted hop',
      'target_leakage',
      'upstream_failure',
    ]);
  });
});
