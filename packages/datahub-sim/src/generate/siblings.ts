/**
 * A dbt model beside a generated warehouse table, as DataHub's dbt ingestion (dbt_common.py, dbt primary: the
 * default) and GMS's SiblingAssociationHook leave them: the dbt model, with its subtype and its dbt lineage (the dbt
 * models of the table's parents; a raw parent directly), is the primary sibling; the warehouse table gets the dbt
 * model added to its upstream lineage (dbt's incremental lineage: a PATCH) and is the other sibling.
 */
import { HOUR_MS } from '../demo/aspects.js';
import { mcp, type MetadataRecord } from '../demo/records.js';
import { nameFromUrn } from '../urn.js';
import { dbtSiblingUrn, GENERATED_NOW, layerOf, type Plan } from './plan.js';

const CREATED = GENERATED_NOW - 300 * 24 * HOUR_MS;
const stamp = { time: CREATED, actor: 'urn:li:corpuser:datahub' };
const escape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

export function* dbtSiblingRecords(plan: Plan, warehouse: string, parents: string[]): Generator<MetadataRecord> {
  const dbt = dbtSiblingUrn(warehouse);
  const isRaw = (p: string) => layerOf(plan, globalIndexOf(plan, p)) === 0;
  yield mcp(dbt, 'datasetProperties', { customProperties: {}, name: nameFromUrn(warehouse), tags: [] });
  yield mcp(dbt, 'subTypes', { typeNames: ['Model'] });
  yield mcp(dbt, 'upstreamLineage', {
    upstreams: parents.map((p) => ({
      auditStamp: stamp,
      created: stamp,
      dataset: isRaw(p) ? p : dbtSiblingUrn(p),
      type: 'TRANSFORMED',
    })),
  });
  yield mcp(dbt, 'siblings', { siblings: [warehouse], primary: true });
  yield mcp(warehouse, 'siblings', { siblings: [dbt], primary: false });
  yield {
    entityType: 'dataset',
    entityUrn: warehouse,
    changeType: 'PATCH',
    aspectName: 'upstreamLineage',
    aspect: {
      json: [
        {
          op: 'add',
          path: `/upstreams/${escape(dbt)}`,
          value: { auditStamp: stamp, created: stamp, dataset: dbt, type: 'TRANSFORMED' },
        },
      ],
    },
  };
}

/** The generator's index of a layered dataset urn (`…table_00042…`). */
function globalIndexOf(plan: Plan, urn: string): number {
  const m = /\.table_(\d+),/.exec(urn);
  return m ? Number(m[1]) : plan.layerStarts.at(-1)!;
}
