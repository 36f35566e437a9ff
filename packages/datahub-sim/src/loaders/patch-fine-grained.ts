import { parseUrn } from '../urn.js';
import { PatchError } from './patch-ops.js';
import { isJsonObject, type JsonObject } from './types.js';

/**
 * `fineGrainedLineages` under patch (DataHub's `FineGrainedLineageTemplateHelper`): the array becomes
 * `{<transformOperation|NONE>: {<downstream field>: {<query|NONE>: {<upstream field>: {confidenceScore, ...}}}}}`
 * and is rebuilt afterwards as one entry per (operation, downstream, query).
 */

const NONE = 'NONE';
const DEFAULT_CONFIDENCE = 1.0;

const text = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined;

function level(map: JsonObject, key: string): JsonObject {
  if (key === '__proto__') throw new PatchError('unsupported key __proto__');
  const existing = map[key];
  if (isJsonObject(existing)) return existing;
  const created: JsonObject = {};
  map[key] = created;
  return created;
}

export function fineGrainedToMap(aspect: JsonObject): void {
  const map: JsonObject = {};
  const lineages = aspect.fineGrainedLineages;
  for (const fgl of Array.isArray(lineages) ? lineages : []) {
    if (!isJsonObject(fgl)) throw new PatchError('a fineGrainedLineages entry is not an object');
    const downstreams = fgl.downstreams;
    if (!Array.isArray(downstreams) || downstreams.length !== 1) {
      // DataHub's message when the stored aspect has such an entry: the whole patch fails.
      throw new PatchError(
        'Patching not supported on fine grained lineages with not exactly one downstream. Current fine grained ' +
          'lineage implementation is downstream derived and patches are keyed on the root of this derivation.',
      );
    }
    const upstreams = Array.isArray(fgl.upstreams) ? fgl.upstreams.map((u) => text(u) ?? '') : undefined;
    const firstUpstream = upstreams?.[0];
    const upstreamType =
      text(fgl.upstreamType) ??
      (firstUpstream && parseUrn(firstUpstream)?.entityType === 'dataset' ? 'DATASET' : 'FIELD_SET');
    const value = {
      confidenceScore: typeof fgl.confidenceScore === 'number' ? fgl.confidenceScore : DEFAULT_CONFIDENCE,
      upstreamType,
      downstreamType: text(fgl.downstreamType) ?? 'FIELD',
    };
    const queryNode = level(
      level(level(map, text(fgl.transformOperation) ?? NONE), text(downstreams[0]) ?? ''),
      text(fgl.query) ?? NONE,
    );
    for (const upstream of new Set(upstreams ?? [])) {
      if (upstream === '__proto__') throw new PatchError('unsupported key __proto__');
      queryNode[upstream] = { ...value };
    }
  }
  aspect.fineGrainedLineages = map;
}

function entry(operation: string, downstream: string, queryId: string, queryNode: JsonObject): JsonObject | undefined {
  const upstreams = Object.keys(queryNode);
  if (upstreams.length === 0) return undefined; // every upstream was removed
  let confidence = DEFAULT_CONFIDENCE;
  let upstreamType = 'FIELD_SET';
  let downstreamType = 'FIELD';
  for (const upstream of upstreams) {
    const node = queryNode[upstream];
    if (!isJsonObject(node)) throw new PatchError(`fine-grained upstream ${upstream} is not an object`);
    // The lowest score wins; the types of the last upstream that states them.
    if (typeof node.confidenceScore === 'number' && node.confidenceScore <= confidence)
      confidence = node.confidenceScore;
    upstreamType = text(node.upstreamType) ?? upstreamType;
    downstreamType = text(node.downstreamType) ?? downstreamType;
  }
  return {
    downstreams: [downstream],
    upstreams,
    ...(queryId.trim() !== '' && queryId !== NONE ? { query: queryId } : {}),
    upstreamType,
    downstreamType,
    confidenceScore: confidence,
    transformOperation: operation,
  };
}

export function fineGrainedFromMap(aspect: JsonObject): void {
  const map = aspect.fineGrainedLineages;
  if (Array.isArray(map)) return; // replaced wholesale by the patch
  const out: JsonObject[] = [];
  for (const [operation, byDownstream] of Object.entries(isJsonObject(map) ? map : {})) {
    if (!isJsonObject(byDownstream)) throw new PatchError(`fineGrainedLineages/${operation} is not an object`);
    for (const [downstream, byQuery] of Object.entries(byDownstream)) {
      if (!isJsonObject(byQuery))
        throw new PatchError(`fineGrainedLineages/${operation}/${downstream} is not an object`);
      for (const [queryId, queryNode] of Object.entries(byQuery)) {
        if (!isJsonObject(queryNode)) throw new PatchError(`fine-grained query level ${queryId} is not an object`);
        const built = entry(operation, downstream, queryId, queryNode);
        if (built) out.push(built);
      }
    }
  }
  aspect.fineGrainedLineages = out;
}
