import type { ResolverMap } from '../schema.js';

export const graphResolvers: ResolverMap = {};
