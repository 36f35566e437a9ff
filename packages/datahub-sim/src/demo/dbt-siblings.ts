/**
 * The dbt models behind four of the cleaned tables, as DataHub's dbt ingestion and its SiblingAssociationHook leave
 * them: each dbt model (its schema, owners, and column lineage from the dbt models or raw tables its table reads)
 * is the primary sibling of its Snowflake table, and the table lists it upstream (warehouse.ts). The ML side reads
 * the tables, so the demo's verdicts are the ones without siblings (docs/demo-catalog.md).
 */
import { nameFromUrn } from '../urn.js';
import { HOUR_MS, ownership, schemaMetadata, upstreamLineage } from './aspects.js';
import { mcp, type MetadataRecord } from './records.js';
import { DATASETS as D, DBT_MODELS } from './urns.js';
import { TABLES } from './warehouse-tables.js';

const MODEL_OF: Record<string, string> = {
  [D.stgTransactions]: DBT_MODELS.stgTransactions,
  [D.fctTransactions]: DBT_MODELS.fctTransactions,
  [D.customerProfile]: DBT_MODELS.customerProfile,
  [D.campaignAttribution]: DBT_MODELS.campaignAttribution,
};

/** The dbt model that builds the table, if dbt builds it. */
export const dbtModelOf = (table: string): string | undefined => MODEL_OF[table];

export function dbtSiblingRecords(now: number): MetadataRecord[] {
  const created = now - 400 * 24 * HOUR_MS;
  return Object.entries(MODEL_OF).flatMap(([table, model]) => {
    const spec = TABLES.find((t) => t.urn === table)!;
    const asDbt = (ds: string) => dbtModelOf(ds) ?? ds;
    const lineage = (spec.lineage ?? []).map((l) => ({ ...l, from: l.from.map(([ds, c]): [string, string] => [asDbt(ds), c]) }));
    const parents = [...new Set(lineage.flatMap((l) => l.from.map(([ds]) => ds)))].map((dataset) => ({ dataset }));
    const name = nameFromUrn(table);
    return [
      mcp(model, 'schemaMetadata', schemaMetadata({ schemaName: name, platform: 'dbt', columns: spec.columns, keys: spec.keys, time: created })),
      mcp(model, 'datasetProperties', {
        customProperties: { layer: spec.layer, materialization: 'table' },
        name: name.split('.').pop(),
        qualifiedName: name,
        description: spec.description,
        tags: [],
      }),
      mcp(model, 'subTypes', { typeNames: ['Model'] }),
      mcp(model, 'ownership', ownership(spec.owners, created)),
      mcp(model, 'upstreamLineage', upstreamLineage(model, parents, lineage, created)),
      mcp(model, 'siblings', { siblings: [table], primary: true }),
      mcp(table, 'siblings', { siblings: [model], primary: false }),
    ];
  });
}
