import { z } from 'zod';
import { defineOperation } from '../operation.js';
import { lineagePageSchema } from './lineage-page.js';

export const DOWNSTREAM_SLOTS = 8;
const slots = Array.from({ length: DOWNSTREAM_SLOTS }, (_, i) => i);

const schema = z.object(Object.fromEntries(slots.map((i) => [`m${i}`, i === 0 ? lineagePageSchema : lineagePageSchema.nullish()])));

/** ML models downstream of up to eight datasets (the blast radius), any depth. */
export const downstreamModels = defineOperation<Record<string, string | boolean | number>, Record<string, z.infer<typeof lineagePageSchema> | null | undefined>>(
  'downstream-models',
  schema as unknown as z.ZodType<Record<string, z.infer<typeof lineagePageSchema> | null | undefined>>,
);

/** Variables filling the first `datasets.length` slots. */
export function downstreamVars(datasets: string[]): Record<string, string | boolean> {
  const vars: Record<string, string | boolean> = {};
  datasets.forEach((d, i) => {
    vars[`d${i}`] = d;
    if (i > 0) vars[`has${i}`] = true;
  });
  return vars;
}
