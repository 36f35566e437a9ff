import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generateCatalog } from '@janus/datahub-sim/generate';
import { startSim, type RunningSim } from '@janus/datahub-sim';
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
  blastRadius: BlastEntry[];
  summary: string[];
}
interface ScanJson {
  models: VerdictJson[];
  modelSets: Record<string, { urn: string; name: string }[]>;
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
  it('lists each blast radius once, names a few models a sentence, and grows with the findings, not the models', async () => {
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
      for (const line of text.split('\n')) expect(line.length).toBeLessThanOrEqual(400);
    }
    // four times the models: a verdict's blast radius costs the same per offending dataset
    expect(blastBytesPerEntry(large.json)).toBeLessThan(blastBytesPerEntry(small.json) * 1.2);
  });
});
