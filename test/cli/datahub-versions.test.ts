import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { requireBuiltCli, runJanus } from './run-janus.js';

// Issue 35: the built `janus` against DataHub v1.0.0 (`datahub-sim --datahub-version 1.0.0`): scan, trust and the gate
// work as on the current DataHub; against a DataHub older than v1.0.0 it stops with one line, exit 3.
let old: RunningSim;
let current: RunningSim;
let ancient: RunningSim;
beforeAll(async () => {
  requireBuiltCli();
  [old, current, ancient] = await Promise.all([
    startSim({ demo: true, port: 0, datahubVersion: '1.0.0' }),
    startSim({ demo: true, port: 0 }),
    startSim({ demo: true, port: 0, datahubVersion: '1.0.0', reportedVersion: 'v0.15.0' }),
  ]);
});
afterAll(async () => {
  await Promise.all([old, current, ancient].map((s) => s?.close()));
});
const on = (sim: RunningSim) => ({ DATAHUB_GMS_URL: sim.url });

describe('janus on DataHub v1.0.0', () => {
  it('scan --all writes the evidence back, and a second scan finds nothing to write', async () => {
    const first = await runJanus(['scan', '--all', '--json'], on(old));
    expect(first.code, first.stderr).toBe(0);
    const second = await runJanus(['scan', '--all', '--dry-run', '--json'], on(old));
    expect(second.code, second.stderr).toBe(0);
    expect(JSON.parse(second.stdout).plan).toEqual([]);
  });

  it('trust and the gate answer as on the current DataHub', async () => {
    for (const args of [
      ['trust', 'fraud_detector_v4', '--json'],
      ['gate', '--model', 'fraud_detector_v4', '--format', 'json'],
      ['gate', '--model', 'customer_ltv_v2', '--format', 'json'],
    ]) {
      const [a, b] = await Promise.all([runJanus(args, on(old)), runJanus(args, on(current))]);
      expect([a.code, a.stderr], args.join(' ')).toEqual([b.code, b.stderr]);
      const strip = (text: string) => text.replaceAll(old.url, 'DATAHUB').replaceAll(current.url, 'DATAHUB');
      const shape = (out: string) => JSON.parse(strip(out), (k, v) => (/At$/.test(k) ? undefined : v));
      expect(shape(a.stdout)).toEqual(shape(b.stdout));
    }
  });
});

it('stops on a DataHub older than v1.0.0: one line naming both versions, exit 3', async () => {
  const r = await runJanus(['trust', 'fraud_detector_v4'], on(ancient));
  expect(r.code).toBe(3);
  expect(r.stdout).toBe('');
  expect(r.stderr.trim()).toBe(
    'janus: DataHub v0.15.0 is older than Janus supports: DataHub v1.0.0 or later is needed',
  );
  expect(ancient.stats().requests).toBe(0);
});
