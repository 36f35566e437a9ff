import { defineAliasedOperation } from '../aliased.js';
import { lineagePageSchema } from './lineage-page.js';

/** Datasets whose downstream models one request asks for, at most. */
export const DOWNSTREAM_PER_REQUEST = 2048;

/** ML models downstream of many datasets (the blast radius), any depth: one aliased scroll per dataset. */
export const downstreamModels = defineAliasedOperation('downstream-models', lineagePageSchema, DOWNSTREAM_PER_REQUEST);
