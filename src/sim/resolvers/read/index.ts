import type { ResolverMap } from '../../schema.js';

export const readResolvers: ResolverMap = {};
