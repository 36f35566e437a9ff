import { z } from 'zod';
import { defineAliasedOperation } from '../aliased.js';

/** Datasets whose downstream models one request asks for, at most: 256 × 7 fields is within GMS's complexity limit. */
export const DOWNSTREAM_PER_REQUEST = 256;

const page = z.object({
  nextScrollId: z.string().nullish(),
  total: z.number(),
  searchResults: z.array(z.object({ entity: z.object({ urn: z.string(), name: z.string().nullish() }) })),
});
export type DownstreamPage = z.infer<typeof page>;

/** ML models downstream of many datasets (the blast radius), any depth: one aliased scroll per dataset. */
export const downstreamModels = defineAliasedOperation('downstream-models', page, DOWNSTREAM_PER_REQUEST, {
  long: true,
});
