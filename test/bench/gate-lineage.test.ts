import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { depthCatalog, MEDIUM, SMALL } from '../../bench/catalogs.js';
import { gateProposal, writeGateLineage } from '../../bench/gate-lineage.js';
import { readLineageFile } from '../../src/datahub/lineage-file.js';
import { generateRecords, modelUrn } from '@janus/datahub-sim/generate';

/** Each urn's aspects in a generated catalog, by name. */
function aspectsOf(spec: typeof SMALL): Map<string, Record<string, unknown>> {
  const byUrn = new Map<string, Record<string, unknown>>();
  for (const r of generateRecords(spec)) {
    if (!('aspectName' in r)) continue;
    const aspects = byUrn.get(r.entityUrn) ?? {};
    aspects[r.aspectName] = (r.aspect as { json: unknown }).json;
    byUrn.set(r.entityUrn, aspects);
  }
  return byUrn;
}

describe("the benchmark's `gate --lineage` file", () => {
  it('is a DataHub lineage file proposing an edge, with its column, between two tables of the catalog', () => {
    const file = writeGateLineage(SMALL, fs.mkdtempSync(path.join(os.tmpdir(), 'janus-gate-lineage-')));
    const proposal = readLineageFile(file);
    const { down, up } = gateProposal(SMALL);
    expect(proposal.edges).toEqual([{ down, up }]);
    expect(proposal.columns).toEqual([
      { down: `urn:li:schemaField:(${down},amount)`, up: `urn:li:schemaField:(${up},amount)` },
    ]);
    const aspects = aspectsOf(SMALL);
    for (const dataset of [down, up]) {
      const fields = (
        aspects.get(dataset)?.schemaMetadata as { fields: { fieldPath: string }[] } | undefined
      )?.fields.map((f) => f.fieldPath);
      expect(fields, dataset).toContain('amount');
    }
  });

  it.each([SMALL, depthCatalog(2), depthCatalog(20), { ...MEDIUM, models: 60, datasets: 1_200 }])(
    "changes a table model 1's features read (%o)",
    (spec) => {
      const aspects = aspectsOf(spec);
      const features = (aspects.get(modelUrn(1))?.mlModelProperties as { mlFeatures: string[] }).mlFeatures;
      const sources = features.flatMap((f) => (aspects.get(f)?.mlFeatureProperties as { sources: string[] }).sources);
      const { down, up } = gateProposal(spec);
      expect(sources).toContain(down);
      expect(aspects.has(up)).toBe(true);
      expect(up).not.toBe(down);
    },
  );
});
