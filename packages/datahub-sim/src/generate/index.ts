/**
 * A synthetic catalog for benchmarks, in DataHub's metadata file format: layered datasets with lineage,
 * jobs and runs, feature tables and models, deterministic for a seed (no clock: timestamps are relative
 * to GENERATED_NOW). Records are produced lazily, so large catalogs can be streamed.
 */
import type { MetadataRecord } from '../demo/records.js';
import { mlRecords } from './ml.js';
import { peopleRecords } from './people.js';
import { planCatalog, type GenerateOptions } from './plan.js';
import { seededRng } from './prng.js';
import { warehouseRecords } from './warehouse.js';

export {
  dbtSiblingUrn,
  featureTableSource,
  GENERATED_NOW,
  LABEL_COLUMN,
  LABEL_SOURCE_COLUMN,
  layeredDatasetUrn,
  modelUrn,
  planCatalog,
} from './plan.js';
export { seededRng, type Rng } from './prng.js';
export type { GenerateOptions, Plan } from './plan.js';

/** The records of a generated catalog, one at a time, in load order. Throws RangeError on bad options. */
export function* generateRecords(opts: GenerateOptions): Generator<MetadataRecord> {
  const plan = planCatalog(opts);
  const rng = seededRng(opts.seed);
  yield* peopleRecords(plan, rng);
  yield* warehouseRecords(plan, rng, opts.siblings === true);
  yield* mlRecords(plan, opts.models, rng, opts.siblings === true);
}

export function generateCatalog(opts: GenerateOptions): unknown[] {
  return Array.from(generateRecords(opts));
}
export { writeCatalogFile } from './write.js';
