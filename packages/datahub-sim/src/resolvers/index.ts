import { graphResolvers } from './read/graph/index.js';
import { mergeResolvers, type ResolverMap } from '../schema/build.js';
import { readResolvers } from './read/index.js';
import { mutationResolvers } from './write/index.js';

/** Every resolver of the simulator: entity reads, graph-derived fields (lineage, relationships), writes. */
export const simResolvers: ResolverMap = mergeResolvers([readResolvers, graphResolvers, mutationResolvers]);
