// The simulator without HTTP, for tests and benchmarks that run GraphQL in their own process: a store, a context
// over it, the schema, the executor (graphql-jit where it agrees with graphql-js, graphql-js otherwise) and the
// lineage index.
export { runCompiled } from './compiled-queries.js';
export { makeContext, type SimContext } from './context.js';
export { runGraphQL, simSchema, type GraphQLRequest } from './execute.js';
export { graphOf, type GraphIndex } from './graph/index.js';
export { prepareDocument } from './prepared-documents.js';
export { buildSimSchema } from './schema.js';
export { Store } from './store.js';
