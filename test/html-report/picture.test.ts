import { describe, expect, it } from 'vitest';
import { layoutPicture, lineagePicture, lineageSvg, type Layout, type Picture } from '../../src/html-report/index.js';
import { shorten } from '../../src/html-report/layout.js';
import { upstreamPath } from '../../src/html-report/picture.js';
import { MODEL, NOW, col, ds, feat, graph, job } from '../core/builder.js';
import { cleanVerdict, troubledVerdict } from '../render/verdicts.js';
import { deepCase } from './fixtures.js';

const TAG_ROOM = 10; // tag pills sit on a box's top edge, this far above it

/** Boxes (with the pills above them) that overlap: none, in any picture. */
function overlaps(l: Layout): string[] {
  const out: string[] = [];
  for (const [i, a] of l.nodes.entries())
    for (const b of l.nodes.slice(i + 1))
      if (a.x < b.x + b.w && b.x < a.x + a.w && a.y - TAG_ROOM < b.y + b.h && b.y - TAG_ROOM < a.y + a.h)
        out.push(`${a.id} / ${b.id}`);
  return out;
}

/** Every point an edge passes through inside a column must be clear of that column's boxes. */
function edgesUnderBoxes(l: Layout): string[] {
  return l.edges.flatMap((e) =>
    e.points
      .slice(1, -1)
      .flatMap(([x, y]) =>
        l.nodes
          .filter((n) => x >= n.x && x <= n.x + n.w && y >= n.y - TAG_ROOM && y <= n.y + n.h)
          .map((n) => `${e.from} → ${e.to} under ${n.id}`),
      ),
  );
}

const pairs = (p: Picture) => new Set(p.edges.map((e) => `${e.from} → ${e.to}`));

describe('the lineage picture', () => {
  it('draws each leak chain, column by column: feature column ← … ← shared ancestor → … → label → model', () => {
    const { verdict, graph: g } = deepCase();
    const leak = verdict.findings.find((f) => f.detector === 'target_leakage')!;
    const chains = leak.evidence.chains as string[][];
    expect(chains).toHaveLength(2);
    const p = lineagePicture(verdict, g);
    const edges = pairs(p);
    const shared = col('clean_chargebacks', 'chargeback_at');
    expect(edges).toContain(`${shared} → ${col('daily_agg', 'days_to_chargeback')}`);
    expect(edges).toContain(
      `${col('daily_agg', 'days_to_chargeback')} → ${col('fraud_features', 'days_to_chargeback')}`,
    );
    expect(edges).toContain(`${col('fraud_features', 'days_to_chargeback')} → ${feat('days_to_chargeback')}`);
    expect(edges).toContain(`${shared} → ${col('fraud_train', 'is_fraud')}`);
    expect(edges).toContain(`${col('fraud_train', 'is_fraud')} → ${MODEL}`);
    expect(edges).toContain(`${feat('days_to_chargeback')} → ${MODEL}`);
    for (const chain of chains)
      for (let i = 0; i < chain.length - 1; i++)
        expect([`${chain[i]} → ${chain[i + 1]}`, `${chain[i + 1]} → ${chain[i]}`].some((e) => edges.has(e))).toBe(true);
    const node = (id: string) => p.nodes.find((n) => n.id === id)!;
    expect(node(shared)).toMatchObject({
      kind: 'column',
      title: 'chargeback_at',
      subtitle: 'column · clean_chargebacks',
      severity: 'critical',
      tags: ['shared ancestor'],
    });
    expect(node(col('fraud_train', 'is_fraud')).tags).toEqual(['label']);
    expect(node(feat('days_to_chargeback'))).toMatchObject({ severity: 'critical', tags: ['leaking feature'] });
  });

  it('follows the real lineage from a failed job to the model, and draws what the failure also explains', () => {
    const { verdict, graph: g } = deepCase();
    const edges = pairs(lineagePicture(verdict, g));
    expect(edges).toContain(`${job('build_clean')} → ${ds('clean_chargebacks')}`);
    // The shortest path from the failed output to the model: through the training set.
    expect(edges).toContain(`${ds('clean_chargebacks')} → ${ds('fraud_train')}`);
    expect(edges).toContain(`${ds('fraud_train')} → ${MODEL}`);
    // The stale table the failure explains, and its way to the model.
    expect(edges).toContain(`${ds('clean_chargebacks')} → ${ds('daily_agg')}`);
    expect(edges).toContain(`${ds('daily_agg')} → ${ds('fraud_features')}`);
    expect(lineagePicture(verdict, g).edges.every((e) => !e.inferred)).toBe(true);
  });

  it('without the graph, draws each offending entity straight to the model, dashed', () => {
    const p = lineagePicture(troubledVerdict());
    const stale = p.edges.find((e) => e.from === ds('fx_rates'))!;
    expect(stale).toMatchObject({ to: MODEL, inferred: true, severity: 'medium' });
    expect(p.nodes.find((n) => n.id === ds('fx_rates'))!.tags).toEqual(['stale']);
    expect(p.nodes.find((n) => n.id === MODEL)!.tags).toEqual(['owners left']);
  });

  it('shows a clean model with its direct inputs when the graph is known, alone otherwise', () => {
    expect(lineagePicture(cleanVerdict()).nodes.map((n) => n.id)).toEqual([MODEL]);
    const b = graph()
      .dataset('fraud_train', { lastUpdated: NOW })
      .training('fraud_train')
      .feature('amount', ['fraud_train']);
    const p = lineagePicture({ ...cleanVerdict(), upstreamCount: 2 }, b.g);
    expect(pairs(p)).toEqual(new Set([`${ds('fraud_train')} → ${MODEL}`, `${feat('amount')} → ${MODEL}`]));
    expect(p.nodes.every((n) => !n.severity)).toBe(true);
  });

  it('finds the shortest upstream path', () => {
    const { graph: g } = deepCase();
    expect(upstreamPath(g, MODEL, ds('raw_chargebacks'))).toEqual([
      MODEL,
      ds('fraud_train'),
      ds('clean_chargebacks'),
      ds('raw_chargebacks'),
    ]);
    expect(upstreamPath(g, ds('raw_chargebacks'), MODEL)).toBeUndefined();
  });
});

describe('the layout', () => {
  const cases = {
    troubled: lineagePicture(troubledVerdict()),
    deep: lineagePicture(deepCase().verdict, deepCase().graph),
    deepWithoutGraph: lineagePicture(deepCase().verdict),
  };

  it.each(Object.entries(cases))(
    '%s: columns by distance, the model alone on the right, every edge pointing right',
    (_, p) => {
      const l = layoutPicture(p);
      const model = l.nodes.find((n) => n.id === p.focus)!;
      expect(model.distance).toBe(0);
      expect(l.nodes.filter((n) => n.distance === 0)).toHaveLength(1);
      expect(Math.max(...l.nodes.map((n) => n.x + n.w))).toBe(model.x + model.w);
      const byId = new Map(l.nodes.map((n) => [n.id, n]));
      for (const e of l.edges) {
        const [from, to] = [byId.get(e.from)!, byId.get(e.to)!];
        expect(from.distance).toBeGreaterThan(to.distance);
        expect(from.x + from.w).toBeLessThan(to.x);
        expect(e.points[0]![0]).toBe(from.x + from.w);
        expect(e.points.at(-1)![0]).toBe(to.x);
        // One waypoint pair per column crossed.
        expect(e.points).toHaveLength(2 + 2 * (from.distance - to.distance - 1));
      }
      // A node's column is its longest path to the model.
      for (const n of l.nodes)
        if (n.distance > 0)
          expect(Math.max(...l.edges.filter((e) => e.from === n.id).map((e) => byId.get(e.to)!.distance)) + 1).toBe(
            n.distance,
          );
    },
  );

  it.each(Object.entries(cases))(
    '%s: no overlapping boxes, no edge under a box, everything inside the canvas',
    (_, p) => {
      const l = layoutPicture(p);
      expect(overlaps(l)).toEqual([]);
      expect(edgesUnderBoxes(l)).toEqual([]);
      for (const n of l.nodes) {
        expect(n.x).toBeGreaterThanOrEqual(0);
        expect(n.y - TAG_ROOM).toBeGreaterThanOrEqual(0);
        expect(n.x + n.w).toBeLessThanOrEqual(l.width);
        expect(n.y + n.h).toBeLessThanOrEqual(l.height);
      }
    },
  );

  it('holds on many random pictures, cycles included', () => {
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let round = 0; round < 60; round++) {
      const ids = Array.from({ length: 2 + rand(14) }, (_, i) =>
        i === 0 ? MODEL : ds(`t${round}_${i}_${'x'.repeat(rand(40))}`),
      );
      const edges = new Map<string, { from: string; to: string; inferred: boolean }>();
      for (let i = 1; i < ids.length; i++) {
        const to = ids[rand(i)]!;
        edges.set(`${ids[i]}>${to}`, { from: ids[i]!, to, inferred: false });
        if (rand(3) === 0) {
          const other = ids[1 + rand(ids.length - 1)]!;
          if (other !== ids[i]) edges.set(`${ids[i]}>${other}`, { from: ids[i]!, to: other, inferred: false });
        }
      }
      const p: Picture = {
        focus: MODEL,
        nodes: ids.map((id) => ({
          id,
          kind: 'dataset',
          title: id.slice(40, -6),
          subtitle: 'dataset · snowflake',
          tags: rand(2) ? ['stale'] : [],
        })),
        edges: [...edges.values()],
      };
      const l = layoutPicture(p);
      expect(overlaps(l), `round ${round}`).toEqual([]);
      expect(l.edges).toHaveLength(p.edges.length);
      expect(new Set(l.nodes.map((n) => n.id))).toEqual(new Set(ids));
    }
  });

  it('keeps long names to a readable length, start and end kept', () => {
    expect(shorten('customer_lifetime_value_rolling_365d_by_region', 30)).toBe('customer_lifetime_…d_by_region');
    expect(shorten('customer_lifetime_value_rolling_365d_by_region', 30)).toHaveLength(30);
    expect(shorten('short', 30)).toBe('short');
  });
});

describe('the SVG', () => {
  it('draws every node with its label and every edge with an arrow', () => {
    const p = lineagePicture(deepCase().verdict, deepCase().graph);
    const svg = lineageSvg(layoutPicture(p), { title: 'lineage' });
    expect(svg.match(/<g class="node /g)).toHaveLength(p.nodes.length);
    expect(svg.match(/<path class="edge"/g)).toHaveLength(p.edges.length);
    expect(svg.match(/marker-end="url\(#arrow-/g)).toHaveLength(p.edges.length);
    for (const n of p.nodes) expect(svg).toContain(`data-urn="${n.id}"`);
    expect(svg).toContain('>shared ancestor</text>');
    expect(svg).toContain('>chargeback_at</text>');
    expect(svg).not.toContain('NaN');
  });

  it('links nodes to DataHub only when asked', () => {
    const p = lineagePicture(troubledVerdict());
    expect(lineageSvg(layoutPicture(p), { title: 't' })).not.toContain('<a ');
    const linked = lineageSvg(layoutPicture(p), { title: 't', href: (u) => `http://ui/${encodeURIComponent(u)}` });
    expect(linked.match(/<a href="http:\/\/ui\//g)).toHaveLength(p.nodes.length);
  });
});
