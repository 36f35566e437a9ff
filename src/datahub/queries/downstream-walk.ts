import { z } from 'zod';
import { defineOperation } from '../operation.js';

/** One entity of the walk (fragment JanusWalkNode), with the next hop's entities nested in its downstream edges. */
export interface WalkNode {
  urn: string;
  type: string;
  name?: string | null;
  exists?: boolean | null;
  status?: { removed: boolean } | null;
  downstream?: { total: number; relationships: { entity?: WalkNode | null }[] } | null;
}

/** Hops one JanusDownstreamWalk request reads below each entity it names (the document's nesting). */
export const WALK_HOPS = 3;

const leaf = z.object({
  urn: z.string(),
  type: z.string(),
  name: z.string().nullish(),
  exists: z.boolean().nullish(),
  status: z.object({ removed: z.boolean() }).nullish(),
});

/** The document's nesting spelt out, hop by hop: a recursive (lazy) schema makes zod track every object it parses. */
let walkNode: z.ZodType<WalkNode> = leaf;
for (let hop = 0; hop < WALK_HOPS; hop++) {
  walkNode = leaf.extend({
    downstream: z
      .object({ total: z.number(), relationships: z.array(z.object({ entity: walkNode.nullish() })) })
      .nullish(),
  });
}

const schema = z.object({ entities: z.array(walkNode.nullish()).nullish() });

/** Entities' one-hop downstream edges, three hops deep (JanusDownstreamWalk). */
export const downstreamWalk = defineOperation<{ urns: string[] }, z.infer<typeof schema>>('downstream-walk', schema, {
  long: true,
});
