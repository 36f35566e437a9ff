import { z } from 'zod';

/**
 * What one `janus gate` run may be made to do by a proposed lineage (`--lineage`): a proposal is a change, not a
 * catalog, so past these it is refused (exit 2, naming the setting and the count) instead of read for minutes.
 */
export const gateSchema = z.strictObject({
  /** Edges a lineage file may propose: dataset edges and column edges together. */
  maxLineageEdges: z.coerce.number().int().min(1).default(5_000),
  /**
   * Entities one model's judgment may read from DataHub with the proposal: the datasets it names and their upstream.
   * DataHub's own lineage walk stops at 40,000 relations (`ELASTICSEARCH_SEARCH_GRAPH_IMPACT_MAX_RELATIONS`), so any
   * model DataHub can walk stays within the default.
   */
  maxEntitiesRead: z.coerce.number().int().min(1).default(40_000),
});
export type GateConfig = z.infer<typeof gateSchema>;
