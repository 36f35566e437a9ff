import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generateCatalog } from '@janus/datahub-sim/generate';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { NARRATED_FINDINGS } from '../../src/core/argos.js';
import { TABLED_FINDINGS } from '../../src/render/text.js';
import { requireBuiltCli, runJanus } from './run-janus.js';

// The CLI judges at the clock: every table of a generated catalog (dated June 2025) is late, so each of the tables
// at the top of the lineage is a root cause reaching every model. The worst case for the blast radius and its text.
const sims: RunningSim[] = [];
afterEach(() => Promise.all(sims.splice(0).map((s) => s.close())));

interface BlastEntry {
  dataset: string;
  modelCount: number;
  modelSet: string;
}
interface VerdictJson {
  model: { name: string };
  findings: { key: string; evidence: Record<string, unknown> }[];
  blastRadius: BlastEntry[];
  summary: string[];
}
interface ScanJson {
  models: VerdictJson[];
  modelSets: Record<string, { urn: string; name: string }[]>;
  effectSets: Record<string, { key: string; entity: string; message: string }[]>;
}

/** The JSON and the text of a dry-run scan, the two processes side by side. */
async function scan(models: number) {
  const sim = await startSim({ records: generateCatalog({ models, datasets: 200, depth: 4, seed: 3 }), port: 0 });
  sims.push(sim);
  const env = { DATAHUB_GMS_URL: sim.url };
  const [json, text] = await Promise.all([
    runJanus(['scan', '--all', '--dry-run', '--json'], env),
    runJanus(['scan', '--all', '--dry-run'], env),
  ]);
  expect(json.code, json.stderr).toBe(0);
  expect(text.code, text.stderr).toBe(0);
  return { json: JSON.parse(json.stdout) as ScanJson, text: text.stdout };
}

const blastBytesPerEntry = (d: ScanJson) =>
  d.models.reduce((s, v) => s + JSON.stringify(v.blastRadius).length, 0) /
  d.models.reduce((s, v) => s + v.blastRadius.length, 0);

describe('scan output stays bounded when one root cause reaches every model', () => {
  beforeAll(requireBuiltCli);
  it('lists each blast radius and each list of effects once, names a few models a sentence, and grows with the findings, not the models', async () => {
    const [small, large] = await Promise.all([scan(10), scan(40)]);
    for (const { json, text } of [small, large]) {
      const total = json.models.length;
      expect(json.models.every((v) => v.blastRadius.length > 0)).toBe(true);
      for (const v of json.models) {
        for (const b of v.blastRadius) {
          expect(Object.keys(b)).toEqual(['dataset', 'modelCount', 'modelSet']);
          // a consumer still finds every model: the set the entry names holds them all
          expect(json.modelSets[b.modelSet]).toHaveLength(b.modelCount);
        }
        const reach = v.summary.at(-1)!;
        expect(reach).toMatch(
          new RegExp(
            `^The same trouble reaches ${total - 1} other models: ([a-z0-9_]+, ){4}[a-z0-9_]+ and ${total - 6} more\\.$`,
          ),
        );
      }
      // every list of models once: far fewer sets than verdicts × datasets
      expect(Object.keys(json.modelSets).length).toBeLessThanOrEqual(json.models.length);
      // a root cause's listed effects are named by id, and each list is listed once a document
      const findings = json.models.flatMap((v) => v.findings);
      expect(findings.some((f) => 'downstreamEffects' in f.evidence)).toBe(false);
      const named = findings.flatMap((f) => (typeof f.evidence.effectSet === 'string' ? [f.evidence.effectSet] : []));
      expect(named.filter((id) => json.effectSets[id]!.length > 0).length).toBeGreaterThan(json.models.length);
      for (const id of named) expect(json.effectSets[id]).toBeDefined();
      // models share their roots' lists (10 models: 290 named, 48 distinct; 40 models: 1,316 and 193)
      expect(Object.keys(json.effectSets).length).toBeLessThanOrEqual(named.length / 4);
      for (const line of text.split('\n')) expect(line.length).toBeLessThanOrEqual(400);
    }
    // four times the models: a verdict's blast radius costs the same per offending dataset
    expect(blastBytesPerEntry(large.json)).toBeLessThan(blastBytesPerEntry(small.json) * 1.2);
  });
});

describe('trust output stays bounded however many findings a model has', () => {
  beforeAll(requireBuiltCli);
  it('narrates the first findings and counts the rest, in text and in the JSON summary, while the JSON lists every finding', async () => {
    const out = await Promise.all(
      [300, 1200].map(async (datasets) => {
        const sim = await startSim({ records: generateCatalog({ models: 10, datasets, depth: 4, seed: 3 }), port: 0 });
        sims.push(sim);
        const env = { DATAHUB_GMS_URL: sim.url };
        const [json, text] = await Promise.all([
          runJanus(['trust', 'model_00001', '--json'], env),
          runJanus(['trust', 'model_00001'], env),
        ]);
        expect(json.code, json.stderr).toBe(0);
        expect(text.code, text.stderr).toBe(0);
        return { json: JSON.parse(json.stdout) as VerdictJson & { findings: unknown[] }, text: text.stdout };
      }),
    );
    const [few, many] = out;
    // both catalogs give the model more late tables at the top of its lineage (each its own root cause) than are told
    expect(many!.json.findings.length).not.toBe(few!.json.findings.length);
    for (const { json } of out) expect(json.findings.length).toBeGreaterThan(TABLED_FINDINGS);
    for (const { json, text } of out) {
      const n = json.findings.length;
      // opening, one sentence for each of the first findings, the count of the rest, the blast radius
      expect(json.summary).toHaveLength(NARRATED_FINDINGS + 3);
      expect(json.summary.at(-2)).toMatch(new RegExp(`^And ${n - NARRATED_FINDINGS} more findings: freshness_lag`));
      expect(text).toContain(`…and ${(n - TABLED_FINDINGS).toLocaleString('en-US')} more findings (`);
      for (const line of text.split('\n')) expect(line.length).toBeLessThanOrEqual(400);
    }
    // a different number of findings, the same length of text: it does not grow with them
    expect(many!.text.split('\n').length).toBe(few!.text.split('\n').length);
  });
});
