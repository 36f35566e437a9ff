import { parse, validate, type DocumentNode, type GraphQLError, type GraphQLSchema } from 'graphql';
import { parserLimitError } from './parser-limits.js';

/** A request's query text, parsed and validated once: the document, or the errors GMS would answer. */
export type PreparedDocument =
  { document: DocumentNode; errors?: undefined } | { document?: undefined; errors: readonly GraphQLError[] };

/** Clients send the same few documents over and over; arbitrary texts must not grow the cache without end. */
const MAX_DOCUMENTS = 256;

const caches = new WeakMap<GraphQLSchema, Map<string, PreparedDocument>>();

/**
 * Parses and validates `query` against `schema`, or answers from the cache. Both steps depend on the text and
 * the schema alone, so a cached answer is the one a fresh parse and validation would give.
 */
export function prepareDocument(schema: GraphQLSchema, query: string): PreparedDocument {
  let cache = caches.get(schema);
  if (!cache) caches.set(schema, (cache = new Map()));
  const known = cache.get(query);
  if (known) return known;
  const prepared = parseAndValidate(schema, query);
  if (cache.size >= MAX_DOCUMENTS) cache.delete(cache.keys().next().value!);
  cache.set(query, prepared);
  return prepared;
}

function parseAndValidate(schema: GraphQLSchema, query: string): PreparedDocument {
  const cancelled = parserLimitError(query);
  if (cancelled) return { errors: [cancelled] };
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch (e) {
    return { errors: [e as GraphQLError] };
  }
  const invalid = validate(schema, document);
  return invalid.length ? { errors: invalid } : { document };
}
