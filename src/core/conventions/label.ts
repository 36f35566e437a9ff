import { parseSchemaFieldUrn } from '@janus/datahub-sim/urn';
import type { EntityNode, UpstreamGraph } from '../graph.js';

export interface Label {
  /** The label's schemaField urn. */
  column: string;
  /** Which convention named it (docs/conventions.md). */
  source: 'structured_property' | 'custom_property' | 'column_tag';
}

export const LABEL_PROPERTY = 'io.janus.label';
const LABEL_WORDS = ['label', 'target'];

/**
 * The model's label column, first convention that applies: the `io.janus.label` structured property; the
 * `label`/`target` custom property (a column of the training data, or a schemaField urn); a training-data
 * column tagged or termed `label`/`target`.
 */
export function resolveLabel(g: UpstreamGraph): Label | undefined {
  const model = g.nodes[g.model];
  if (!model) return undefined;
  const prop = model.structuredProperties[LABEL_PROPERTY]?.[0];
  if (prop?.startsWith('urn:li:schemaField:')) return { column: prop, source: 'structured_property' };

  const custom = model.customProperties.label ?? model.customProperties.target;
  if (custom) {
    if (custom.startsWith('urn:li:schemaField:')) return { column: custom, source: 'custom_property' };
    const col = trainingColumns(g).find((c) => c.path === custom);
    if (col) return { column: col.urn, source: 'custom_property' };
  }

  const tagged = trainingColumns(g).find((c) => c.labels.some((l) => LABEL_WORDS.includes(l.toLowerCase())));
  return tagged ? { column: tagged.urn, source: 'column_tag' } : undefined;
}

const trainingColumns = (g: UpstreamGraph) =>
  g.trainingData.flatMap((urn) => (g.nodes[urn] as EntityNode | undefined)?.columns ?? []);

/**
 * The table of the label the model names by schemaField urn (the structured property, else the custom property), as
 * `resolveLabel` would take it: read with its own upstream, so the label's derivation is known wherever the label
 * lies, on the model's lineage or off it (an outcomes table the model never reads).
 */
export function labelTables(model: EntityNode): string[] {
  const prop = model.structuredProperties[LABEL_PROPERTY]?.[0];
  const custom = model.customProperties.label ?? model.customProperties.target;
  const named = prop?.startsWith('urn:li:schemaField:') ? prop : custom;
  const table = named?.startsWith('urn:li:schemaField:') ? parseSchemaFieldUrn(named)?.parent : undefined;
  return table ? [table] : [];
}
