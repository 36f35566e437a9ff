import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '@janus/datahub-sim/demo';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { requireBuiltCli, runJanus } from './run-janus.js';

/** The demo catalog's own date: its timestamps are set relative to it. */
const CATALOG_NOW = Date.UTC(2025, 5, 2, 12);
const DAY_MS = 24 * 3600 * 1000;

let sim: RunningSim;
beforeAll(async () => {
  sim = await startSim({ demo: true, port: 0, now: () => CATALOG_NOW });
});
afterAll(() => sim?.close());

interface Finding {
  detector: string;
  entity: string;
}

const trustAt = async (asOf: string | undefined) => {
  const r = await runJanus(['trust', 'customer_ltv_v2', '--json'], {
    DATAHUB_GMS_URL: sim.url,
    ...(asOf ? { JANUS_AS_OF: asOf } : {}),
  });
  expect(r.code, r.stderr).toBe(0);
  const v = JSON.parse(r.stdout) as { findings: Finding[]; scannedAt: string };
  return {
    stale: v.findings
      .filter((f) => f.detector === 'freshness_lag')
      .map((f) => f.entity)
      .sort(),
    scannedAt: v.scannedAt,
  };
};

describe('janus trust at a chosen instant (JANUS_AS_OF)', () => {
  beforeAll(requireBuiltCli);
  it("finds no stale table at the catalog's own date, and the table past its 72-hour SLA a month later", async () => {
    const [own, later] = await Promise.all([
      trustAt(new Date(CATALOG_NOW).toISOString()),
      trustAt(new Date(CATALOG_NOW + 30 * DAY_MS).toISOString()),
    ]);
    expect(own.stale).toEqual([]);
    expect(later.stale).toContain(DEMO.freshness.staleWithinSla);
    // the verdict says when it was made, not the instant it was judged at
    expect(Date.parse(later.scannedAt)).toBeGreaterThan(CATALOG_NOW + 365 * DAY_MS);
  });

  it('judges at the clock when JANUS_AS_OF is unset', async () => {
    const [clock, now] = await Promise.all([trustAt(undefined), trustAt(new Date().toISOString())]);
    expect(clock.stale).toEqual(now.stale);
    expect(clock.stale).toContain(DEMO.freshness.staleWithinSla);
  });

  it('rejects an instant without a zone, naming the variable (exit 2)', async () => {
    const r = await runJanus(['trust', 'customer_ltv_v2'], {
      DATAHUB_GMS_URL: sim.url,
      JANUS_AS_OF: '2025-06-02T12:00:00',
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/judge\.asOf.*JANUS_AS_OF/);
  });
});
