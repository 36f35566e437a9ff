import { z } from 'zod';
import { defineAliasedOperation } from '../aliased.js';

const page = z.object({
  nextScrollId: z.string().nullish(),
  total: z.number(),
  searchResults: z.array(z.object({ entity: z.object({ urn: z.string(), name: z.string().nullish() }) })),
});
export type DownstreamPage = z.infer<typeof page>;

/** ML models downstream of many datasets (the blast radius), any depth: one aliased scroll per dataset. */
export const downstreamModels = defineAliasedOperation('downstream-models', page, { long: true });
