import { describe, expect, it } from 'vitest';
import type { CycleCost, ServiceFigures } from '../../bench/service-figures.js';
import { percentile } from '../../bench/service-steady.js';
import { serviceTargets } from '../../bench/service-targets.js';

const cycle = (over: Partial<CycleCost> = {}): CycleCost => ({
  cycle: 'c',
  full: false,
  judged: 0,
  cycleMs: 300,
  cpuMs: 200,
  requests: 6,
  responseBytes: 1_000_000,
  mutations: 0,
  transitions: 0,
  ...over,
});

function figures(over: Partial<ServiceFigures> = {}): ServiceFigures {
  return {
    status: 'done',
    catalog: 'medium',
    unchanged: {
      status: 'done',
      intervalMs: 2000,
      dryRun: { cpuMs: 10_000, wallMs: 12_000, requests: 38, responseBytes: 10_000_000 },
      first: cycle({ full: true, judged: 1000, cpuMs: 100_000, requests: 200 }),
      settling: [],
      cycles: [cycle(), cycle(), cycle()],
    },
    change: {
      status: 'done',
      intervalMs: 2000,
      job: 'j',
      models: 50,
      latenciesMs: [1000, 2000, 3000],
      transitionsPerChange: [1, 1, 1],
      p50Ms: 2000,
      p95Ms: 3000,
    },
    scaleOut: {
      status: 'done',
      writeChunk: 25,
      concurrency: 4,
      runs: [
        { workers: 1, status: 'done', cycleMs: 100_000 },
        { workers: 2, status: 'done', cycleMs: 60_000 },
      ],
    },
    rss: { status: 'done', catalog: 'medium', intervalMs: 2000, cycles: 100, rssAt10Mb: 300, rssAt100Mb: 320 },
    ...over,
  };
}

const holds = (f: ServiceFigures) => serviceTargets(f).map((t) => t.holds);

describe('the service targets', () => {
  it('hold when each row is within its limit', () => {
    expect(holds(figures())).toEqual([true, true, true, true]);
  });

  it('compare an unchanged cycle with the dry run: CPU over 5% or bytes over 20% misses, and so does a mutation', () => {
    const over = (c: Partial<CycleCost>) =>
      holds(figures({ unchanged: { ...figures().unchanged, cycles: [cycle(c)] } }))[0];
    expect(over({ cpuMs: 501 })).toBe(false);
    expect(over({ responseBytes: 2_000_001 })).toBe(false);
    expect(over({ requests: 8 })).toBe(false);
    expect(over({ mutations: 1 })).toBe(false);
    expect(over({ transitions: 1 })).toBe(false);
  });

  it('miss a change with two transitions, a p95 over interval + 2 s, a ratio under 1.6 and growth over 10%', () => {
    const f = figures();
    expect(holds({ ...f, change: { ...f.change, transitionsPerChange: [1, 2, 1] } })[1]).toBe(false);
    expect(holds({ ...f, change: { ...f.change, p95Ms: 4001 } })[1]).toBe(false);
    expect(
      holds({
        ...f,
        scaleOut: {
          ...f.scaleOut,
          runs: [
            { workers: 1, status: 'done', cycleMs: 100_000 },
            { workers: 2, status: 'done', cycleMs: 70_000 },
          ],
        },
      })[2],
    ).toBe(false);
    expect(holds({ ...f, rss: { ...f.rss, rssAt100Mb: 331 } })[3]).toBe(false);
  });

  it('leave rows not run unjudged, and give no targets without the section', () => {
    const skipped = { status: 'skipped' as const, reason: 'no Redis' };
    const f = figures();
    expect(holds({ ...f, change: { ...f.change, ...skipped }, rss: { ...f.rss, ...skipped } })).toEqual([
      true,
      null,
      true,
      null,
    ]);
    expect(serviceTargets(undefined)).toEqual([]);
  });

  it('take the nearest-rank percentile', () => {
    expect(percentile([5, 1, 3, 2, 4], 50)).toBe(3);
    expect(
      percentile(
        Array.from({ length: 20 }, (_, i) => i + 1),
        95,
      ),
    ).toBe(19);
    expect(percentile([], 95)).toBeUndefined();
  });
});
