// The simulator without HTTP, for tests and benchmarks that run GraphQL in their own process: a store, a context
// over it, the schema, the executor (graphql-jit where it agrees with graphql-js, graphql-js otherwise) and the
// lineage index.
export { runCompiled } from './schema/compiled-queries.js';
export { makeContext, type SimContext } from './schema/context.js';
export { runGraphQL, simSchema, type GraphQLRequest } from './schema/execute.js';
export { graphOf, type GraphIndex } from './lineage/index.js';
export { prepareDocument } from './schema/prepared-documents.js';
export { buildSimSchema } from './schema/build.js';
export { Store } from './store/store.js';
export { countTokens, parserLimitError, PARSER_LIMITS, type DocumentTokens } from './schema/parser-limits.js';
export { querySize, queryLimitError, QUERY_LIMITS, type QuerySize } from './schema/query-limits.js';
