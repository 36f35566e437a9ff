import { z } from 'zod';
import { defineOperation } from '../operation.js';
import { rawEntitySchema } from './entities.js';

/** An entity's one-hop downstream edges (fragment JanusDownstreamEdges). */
export const downstreamEdgesSchema = z
  .object({ total: z.number(), relationships: z.array(z.object({ entity: z.object({ urn: z.string() }).nullish() })) })
  .nullish();

/** An entity of the reach: its facts (as JanusEntities reads them) and its one-hop downstream edges. */
export const reachEntitySchema = rawEntitySchema.extend({ downstream: downstreamEdgesSchema });
export type ReachEntity = z.infer<typeof reachEntitySchema>;

const slice = z.object({ total: z.number(), searchResults: z.array(z.object({ entity: reachEntitySchema })) });
export type ReachSlice = z.infer<typeof slice>;

const schema = z.object({
  root: z.array(reachEntitySchema.nullish()).nullish(),
  r0: slice,
  r1: slice,
  r2: slice,
  r3: slice,
});

export interface UpstreamReachVars {
  root: string;
  count?: number;
  start0?: number;
  start1?: number;
  start2?: number;
  start3?: number;
}

/** The slices one request reads of a reach, each `count` long (10,000 when not given: GMS's largest page). */
export const REACH_SLICES = 4;
export const REACH_PAGE = 10_000;

/** A root and everything upstream of it, with facts and downstream edges (JanusUpstreamReach). */
export const upstreamReach = defineOperation<UpstreamReachVars, z.infer<typeof schema>>('upstream-reach', schema, {
  long: true,
});
