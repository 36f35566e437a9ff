import { parseSchemaFieldUrn } from '../../urn.js';
import { orNull, raws, str, strs } from './raw.js';

/**
 * FineGrainedLineagesMapper: only schemaField urns are kept, and each becomes a SchemaFieldRef whose `urn`
 * is the field's **parent** (dataset) urn and whose `path` is the field path (key parts 0 and 1).
 */
function fieldRefs(v: unknown) {
  return strs(v)
    .map(parseSchemaFieldUrn)
    .filter((f) => f !== undefined)
    .map((f) => ({ urn: f.parent, path: f.fieldPath }));
}

export function fineGrainedLineagesOut(v: unknown) {
  return raws(v).map((l) => ({
    upstreams: Array.isArray(l.upstreams) ? fieldRefs(l.upstreams) : null,
    downstreams: Array.isArray(l.downstreams) ? fieldRefs(l.downstreams) : null,
    query: orNull(str(l.query)),
    transformOperation: orNull(str(l.transformOperation)),
  }));
}
