import { z } from 'zod';
import { defineOperation } from '../operation.js';

const exists = z.object({ urn: z.string(), exists: z.boolean().nullish() }).nullish();

const schema = z.object({
  tagExists: z.boolean().nullish(),
  score: exists,
  band: exists,
  reasons: exists,
  models: z
    .array(
      z
        .object({
          urn: z.string(),
          type: z.string(),
          tags: z.object({ tags: z.array(z.object({ tag: z.object({ urn: z.string() }) })).nullish() }).nullish(),
          structuredProperties: z
            .object({
              properties: z
                .array(
                  z.object({
                    structuredProperty: z.object({ urn: z.string() }),
                    values: z.array(
                      z.object({ stringValue: z.string().nullish(), numberValue: z.number().nullish() }).nullish(),
                    ),
                  }),
                )
                .nullish(),
            })
            .nullish(),
          institutionalMemory: z
            .object({ elements: z.array(z.object({ url: z.string(), label: z.string() })) })
            .nullish(),
        })
        .nullish(),
    )
    .nullish(),
});
export type RawWriteBackState = z.infer<typeof schema>;

/** Janus's tag and property definitions, and the models' tags, Janus properties and links. */
export const writeBackStateOp = defineOperation<{ models: string[] }, RawWriteBackState>('write-back-state', schema);
