import { z } from 'zod';

/**
 * A `searchAcrossEntities` answer: the total and each result's entity, as `entity` reads it. GMS answers null for a
 * search it could not run (the field is nullable in DataHub's schema).
 */
export const searchAnswer = <E extends z.ZodType>(entity: E) =>
  z.object({
    searchAcrossEntities: z.object({ total: z.number(), searchResults: z.array(z.object({ entity })) }).nullish(),
  });
