import type { StoredEntity } from '../store/store.js';
import { parseUrn } from '../urn.js';
import { asString, objects, strings, type Json } from '../store/aspect-values.js';
import { SPECS_BY_ASPECT } from './relationship-specs.js';

/** One edge of DataHub's graph index (the `graph_service_v1` document, minus its ids). */
export interface GraphEdge {
  type: string;
  source: string;
  destination: string;
  createdOn?: number;
  createdActor?: string;
  updatedOn?: number;
  updatedActor?: string;
  /** `properties.source == "UI"`: lineage drawn by hand in DataHub's UI. */
  isManual: boolean;
  /** The entity a lineage hop goes through (a query, or the dataJob of column lineage). */
  via?: string;
  /** The aspect the edge was derived from. */
  aspect: string;
}

/**
 * Every edge one entity's aspects produce, in aspect order: the `@Relationship` fields, the key-aspect
 * relationship of a dataJob to its flow, and the column (schemaField → schemaField) edges GMS adds by hand
 * for `fineGrainedLineages` (UpdateGraphIndicesService.updateFineGrainedEdgesAndRelationships).
 */
export function edgesOf(entity: StoredEntity): GraphEdge[] {
  const edges: GraphEdge[] = [];
  const source = entity.urn;
  for (const [aspectName, aspect] of entity.aspects) {
    if (!aspect) continue;
    for (const spec of SPECS_BY_ASPECT.get(aspectName) ?? []) {
      for (const t of spec.extract(aspect)) {
        edges.push({
          type: spec.name,
          source,
          destination: t.destination,
          createdOn: t.createdOn,
          createdActor: t.createdActor,
          updatedOn: t.updatedOn,
          updatedActor: t.updatedActor,
          isManual: t.properties?.source === 'UI',
          via: t.via,
          aspect: aspectName,
        });
      }
    }
    if (aspectName === 'upstreamLineage' || aspectName === 'dataJobInputOutput') {
      edges.push(...columnEdges(entity, aspectName, aspect));
    }
  }
  // DataJobKey.flow: @Relationship IsPartOf → dataFlow (the key aspect exists for every stored job).
  if (entity.entityType === 'dataJob' && entity.aspects.size > 0) {
    const flow = parseUrn(source)?.parts[0];
    if (flow?.startsWith('urn:li:dataFlow:')) {
      edges.push({ type: 'IsPartOf', source, destination: flow, isManual: false, aspect: 'dataJobKey' });
    }
  }
  return edges;
}

function columnEdges(entity: StoredEntity, aspectName: string, aspect: Json): GraphEdge[] {
  const edges: GraphEdge[] = [];
  for (const lineage of objects(aspect.fineGrainedLineages)) {
    // GMS stops at the first entry missing either side (`break`, not `continue`).
    if (!Array.isArray(lineage.downstreams) || !Array.isArray(lineage.upstreams)) break;
    const via = entity.entityType === 'dataJob' ? entity.urn : asString(lineage.query);
    for (const downstream of strings(lineage.downstreams)) {
      for (const upstream of strings(lineage.upstreams)) {
        edges.push({
          type: 'DownstreamOf',
          source: downstream,
          destination: upstream,
          isManual: false,
          via,
          aspect: aspectName,
        });
      }
    }
  }
  return edges;
}
