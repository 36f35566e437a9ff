import type { Aspect, Store } from './store.js';

/** One record of a DataHub metadata file, as the file sink writes an MCP (the simplified `{"json": ...}` form). */
export interface ExportedMcp {
  entityType: string;
  entityUrn: string;
  changeType: 'UPSERT';
  aspectName: string;
  aspect: { json: unknown };
}

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The whole store as DataHub metadata records: one UPSERT per (urn, aspect), timeseries aspects as one record
 * per event, oldest first, so loading the records again rebuilds the same store. Entities without aspects are
 * left out. Ordered by urn, then aspect name, so equal stores export identically. Records may share objects
 * with the store: serialise them, do not change them.
 */
export function exportStore(store: Store): ExportedMcp[] {
  const records: ExportedMcp[] = [];
  const entities = [...store.all()].sort((a, b) => byCodeUnits(a.urn, b.urn));
  for (const entity of entities) {
    const names = [...new Set([...entity.aspects.keys(), ...entity.timeseries.keys()])].sort(byCodeUnits);
    for (const aspectName of names) {
      const versioned = entity.aspects.get(aspectName);
      const values = versioned ? [versioned] : [...(entity.timeseries.get(aspectName) ?? [])].reverse();
      for (const value of values) {
        records.push({
          entityType: entity.entityType,
          entityUrn: entity.urn,
          changeType: 'UPSERT',
          aspectName,
          aspect: { json: rewrapUnions(aspectName, value) },
        });
      }
    }
  }
  return records;
}

/** The store in the text of a DataHub metadata file. */
export const exportStoreText = (store: Store): string => formatMetadataFile(exportStore(store));

/**
 * Writes records exactly as DataHub's file sink does: `"[\n"`, each record as Python's
 * `json.dumps(record, indent=4)` joined by `",\n"`, then `"\n]"`, with no trailing newline. Python escapes
 * every non-ASCII character (ensure_ascii), so this does too.
 */
export function formatMetadataFile(records: readonly unknown[]): string {
  return `[\n${records.map(formatRecord).join(',\n')}\n]`;
}

/** One record as the file sink writes it (see formatMetadataFile). */
export const formatRecord = (record: unknown): string =>
  JSON.stringify(record, null, 4).replace(/[\u0080-\uffff]/g, asciiEscape);

const asciiEscape = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

// The store holds primitive union members unwrapped ({"string": "x"} → "x"); DataHub's format wraps them.
const wrapPrimitive = (v: unknown): unknown => {
  if (typeof v === 'string') return { string: v };
  if (typeof v === 'number') return { double: v };
  return v;
};

/** HyperParameterValueType is union[string, int, float, double, boolean]: an integer is written as int (a guess). */
const wrapHyperParameter = (v: unknown): unknown => {
  if (typeof v === 'boolean') return { boolean: v };
  if (typeof v === 'number') return Number.isInteger(v) ? { int: v } : { double: v };
  return wrapPrimitive(v);
};

const mapRecordField = (value: Aspect, key: string, fn: (v: unknown) => unknown): Aspect =>
  key in value ? { ...value, [key]: fn(value[key]) } : value;

const mapArray = (v: unknown, fn: (item: unknown) => unknown): unknown => (Array.isArray(v) ? v.map(fn) : v);

const mapObject = (v: unknown, fn: (item: Aspect) => Aspect): unknown =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? fn(v as Aspect) : v;

const mapValues = (v: unknown, fn: (item: unknown) => unknown): unknown =>
  mapObject(v, (o) => Object.fromEntries(Object.entries(o).map(([k, x]) => [k, fn(x)])));

/** Puts back the union wrappers DataHub's metadata files carry on primitive union members. */
function rewrapUnions(aspectName: string, value: Aspect): Aspect {
  switch (aspectName) {
    case 'structuredProperties':
      return mapRecordField(value, 'properties', (props) =>
        mapArray(props, (p) =>
          mapObject(p, (prop) => mapRecordField(prop, 'values', (vs) => mapArray(vs, wrapPrimitive))),
        ),
      );
    case 'propertyDefinition':
      return mapRecordField(value, 'allowedValues', (allowed) =>
        mapArray(allowed, (a) => mapObject(a, (entry) => mapRecordField(entry, 'value', wrapPrimitive))),
      );
    case 'dataJobInfo':
      // union[AzkabanJobType, string]: the file sink writes both as {"string": "..."}.
      return mapRecordField(value, 'type', (t) => (typeof t === 'string' ? { string: t } : t));
    case 'chartInfo':
      return mapRecordField(value, 'inputs', (inputs) => mapArray(inputs, wrapPrimitive));
    case 'mlModelProperties':
      return mapRecordField(value, 'hyperParameters', (params) => mapValues(params, wrapHyperParameter));
    default:
      return value;
  }
}
