import { z } from 'zod';
import { entityRefSchema } from './response-pieces.js';

/** One page of `scrollAcrossLineage` (fragment JanusLineagePage). */
export const lineagePageSchema = z.object({
  nextScrollId: z.string().nullish(),
  total: z.number(),
  searchResults: z.array(
    z.object({ degree: z.number(), entity: entityRefSchema.extend({ name: z.string().nullish() }) }),
  ),
});
export type LineagePage = z.infer<typeof lineagePageSchema>;
