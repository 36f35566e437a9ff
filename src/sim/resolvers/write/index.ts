import type { ResolverMap } from '../../schema.js';

export const mutationResolvers: ResolverMap = {};
