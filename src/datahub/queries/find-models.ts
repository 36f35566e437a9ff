import { z } from 'zod';
import { defineOperation } from '../operation.js';

const schema = z.object({
  searchAcrossEntities: z
    .object({
      total: z.number(),
      searchResults: z.array(
        z.object({
          entity: z.object({
            urn: z.string(),
            type: z.string(),
            name: z.string().nullish(),
            properties: z.object({ name: z.string().nullish() }).nullish(),
          }),
        }),
      ),
    })
    .nullish(),
});

/** ML models matching a name (DataHub full-text search). */
export const findModels = defineOperation<{ query: string; count: number }, z.infer<typeof schema>>('find-models', schema);
