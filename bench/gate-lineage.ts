/**
 * The lineage file `janus gate --lineage` judges in the benchmark, in DataHub's file-based lineage format
 * (docs/gate.md): a change proposing that a table model 1's features read also reads a raw source table,
 * column `amount` from `amount`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { stringify } from 'yaml';
import { featureTableSource, layeredDatasetUrn, planCatalog } from '@janus/datahub-sim/generate';
import type { CatalogSpec } from './catalogs.js';

const DATASET = /^urn:li:dataset:\(urn:li:dataPlatform:([^,]+),([^,]+),([^)]+)\)$/;

function entity(urn: string) {
  const m = DATASET.exec(urn);
  if (!m) throw new Error(`not a dataset urn: ${urn}`);
  return { name: m[2]!, type: 'dataset', env: m[3]!, platform: m[1]! };
}

const column = (dataset: string, field: string) => `urn:li:schemaField:(${dataset},${field})`;

/**
 * The proposal's datasets: `down` gains `up` as an upstream. Model 1 always has a feature of the table its label
 * comes from: feature table `1 % trainingSets`, which reads `down`.
 */
export function gateProposal(spec: CatalogSpec): { down: string; up: string } {
  const plan = planCatalog(spec);
  const down = featureTableSource(plan, 1 % Math.max(1, plan.trainingSets));
  // a raw source (with one layer, the top layer is the raw one: another table of it)
  const up = layeredDatasetUrn(plan, 0) === down ? layeredDatasetUrn(plan, 1) : layeredDatasetUrn(plan, 0);
  return { down, up };
}

/** Writes the lineage file for a catalog; returns its path. */
export function writeGateLineage(spec: CatalogSpec, dir: string): string {
  const { down, up } = gateProposal(spec);
  const file = path.join(dir, `${spec.name}-proposed-lineage.yml`);
  const doc = {
    version: 1,
    lineage: [
      {
        entity: entity(down),
        upstream: [{ entity: entity(up) }],
        fineGrainedLineages: [
          {
            upstreamType: 'FIELD_SET',
            upstreams: [column(up, 'amount')],
            downstreamType: 'FIELD',
            downstreams: [column(down, 'amount')],
          },
        ],
      },
    ],
  };
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(file, `# A change: ${entity(down).name} also reads ${entity(up).name}.\n${stringify(doc)}`);
  return file;
}
