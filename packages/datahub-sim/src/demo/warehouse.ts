/** Records for the demo's tables: schema, properties, ownership, tags, lineage and raw-table operations. */
import { nameFromUrn, platformOf } from '../urn.js';
import {
  globalTags, HOUR_MS, operation, ownership, schemaMetadata, upstreamLineage, type ColumnKind, type ColumnSpec,
} from './aspects.js';
import { mcp, type Json, type MetadataRecord } from './records.js';
import { TABLES, type TableSpec } from './warehouse-tables.js';

/** Types as the Avro schemas of Kafka topics and Parquet files on S3 write them. */
const AVRO_TYPE: Record<ColumnKind, string> = {
  string: 'string', number: 'double', boolean: 'boolean', time: 'long', date: 'int',
};

function platformName(urn: string): string {
  return (platformOf(urn) ?? 'urn:li:dataPlatform:unknown').slice('urn:li:dataPlatform:'.length);
}

function columnsFor(platform: string, columns: ColumnSpec[]): ColumnSpec[] {
  if (platform === 'snowflake') return columns;
  return columns.map((c) => ({ ...c, nativeType: AVRO_TYPE[c.kind] }));
}

function platformSchema(platform: string, name: string, columns: ColumnSpec[]): Json | undefined {
  if (platform !== 'kafka') return undefined;
  const avro = { type: 'record', name: name.replace(/\W/g, '_'), fields: columns.map((c) => ({ name: c.name, type: AVRO_TYPE[c.kind] })) };
  return { 'com.linkedin.schema.KafkaSchema': { documentSchema: JSON.stringify(avro), documentSchemaType: 'AVRO' } };
}

function tableRecords(t: TableSpec, now: number): MetadataRecord[] {
  const platform = platformName(t.urn);
  const name = nameFromUrn(t.urn);
  const created = now - 400 * 24 * HOUR_MS;
  const columns = columnsFor(platform, t.columns);
  const records: MetadataRecord[] = [
    mcp(t.urn, 'schemaMetadata', schemaMetadata({
      schemaName: name, platform, columns, keys: t.keys, time: created,
      platformSchema: platformSchema(platform, name, columns),
    })),
    mcp(t.urn, 'datasetProperties', {
      customProperties: { layer: t.layer, ...(t.sla ? { freshness_sla: t.sla } : {}) },
      name: name.split(/[./]/).pop(),
      qualifiedName: name,
      description: t.description,
      created: { time: created },
      tags: [],
    }),
    mcp(t.urn, 'status', { removed: false }),
  ];
  if (t.owners.length) records.push(mcp(t.urn, 'ownership', ownership(t.owners, created)));
  if (t.tags?.length) records.push(mcp(t.urn, 'globalTags', globalTags(t.tags)));
  if (t.lineage?.length) {
    const upstreams = [...new Set(t.lineage.flatMap((l) => l.from.map(([ds]) => ds)))].map((dataset) => ({ dataset }));
    records.push(mcp(t.urn, 'upstreamLineage', upstreamLineage(t.urn, upstreams, t.lineage, created)));
  }
  for (const hoursAgo of t.landedHoursAgo ?? []) {
    records.push(mcp(t.urn, 'operation', operation({
      at: now - hoursAgo * HOUR_MS, operationType: 'INSERT', sourceType: 'DATA_PLATFORM',
      rows: 1000 + Math.round(hoursAgo * 37),
    })));
  }
  return records;
}

export function warehouseRecords(now: number): MetadataRecord[] {
  return TABLES.flatMap((t) => tableRecords(t, now));
}
