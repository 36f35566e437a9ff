import { z } from 'zod';
import { defineOperation } from '../operation.js';
import { lineagePageSchema } from './lineage-page.js';

const schema = z.object({
  s0: lineagePageSchema,
  s1: lineagePageSchema.nullish(),
  s2: lineagePageSchema.nullish(),
  s3: lineagePageSchema.nullish(),
});

export interface UpstreamVars {
  u0: string;
  u1?: string;
  u2?: string;
  u3?: string;
  has1?: boolean;
  has2?: boolean;
  has3?: boolean;
  count?: number;
  scrollId?: string | null;
}

/** Everything upstream of up to four roots (a model and its training datasets), any depth. */
export const upstream = defineOperation<UpstreamVars, z.infer<typeof schema>>('upstream', schema);
export const UPSTREAM_SLOTS = 4;
