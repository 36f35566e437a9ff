/**
 * The bundled demo catalog: a small ML supply chain in DataHub's metadata file format, with defects
 * planted on purpose (docs/demo-catalog.md). Every timestamp is relative to `now`, so it is always live.
 */
import { assertionRecords } from './assertions.js';
import { dbtSiblingRecords } from './dbt-siblings.js';
import { featureRecords } from './features.js';
import { modelRecords } from './models.js';
import { peopleRecords } from './people.js';
import { pipelineRecords } from './pipelines.js';
import { propertyRecords } from './properties.js';
import type { MetadataRecord } from './records.js';
import { warehouseRecords } from './warehouse.js';

export { ASSERTIONS, DATASETS, DBT_MODELS, DEMO, STRUCTURED_PROPERTIES } from './urns.js';
export { auditStamp, dataJobInfo, dataJobInputOutput, ownership, runRecords, type RunSpec } from './aspects.js';
// record builders in DataHub's metadata file format, for catalogs written by hand (tests, benchmarks)
export {
  assertionUrn,
  corpGroupUrn,
  corpUserUrn,
  dataFlowUrn,
  dataJobUrn,
  datasetUrn,
  mcp,
  mlModelUrn,
  type McpRecord,
} from './records.js';
export { indexRecords, type RecordIndex } from './inspect.js';

export const DEMO_RUN_ID = 'janus-demo';

/** The demo catalog's records, in load order (people first, so owners exist before what they own). */
export function demoCatalog(now: number = Date.now()): unknown[] {
  const records: MetadataRecord[] = [
    ...peopleRecords(now),
    ...warehouseRecords(now),
    ...dbtSiblingRecords(now),
    ...pipelineRecords(now),
    ...featureRecords(now),
    ...modelRecords(now),
    ...propertyRecords(now),
    ...assertionRecords(now),
  ];
  const systemMetadata = { lastObserved: now, runId: DEMO_RUN_ID, lastRunId: 'no-run-id-provided' };
  return records.map((r) => ({ ...r, systemMetadata }));
}
