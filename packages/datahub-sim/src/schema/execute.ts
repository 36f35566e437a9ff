import { execute, type ExecutionResult, type GraphQLError, type GraphQLSchema } from 'graphql';
import { runCompiled } from './compiled-queries.js';
import type { SimContext } from './context.js';
import { prepareDocument } from './prepared-documents.js';
import { queryLimitError, querySize } from './query-limits.js';
import { refusedByEngine } from './engine-errors.js';
import { simResolvers } from '../resolvers/index.js';
import type { DataHubRelease } from '../release/releases.js';
import { buildSimSchema } from './build.js';
import { withFieldFaults } from '../controls/field-faults.js';

export interface GraphQLRequest {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
}

const cached = new Map<DataHubRelease, GraphQLSchema>();
/** The executable schema of a release (current by default), built once, its entity fields able to fail alone. */
export function simSchema(release: DataHubRelease = 'current'): GraphQLSchema {
  let schema = cached.get(release);
  if (!schema) {
    cached.set(release, (schema = buildSimSchema(simResolvers, release)));
    withFieldFaults(schema);
  }
  return schema;
}

/**
 * A cancelled parse or an aborted execution comes back with `data: null`: GMS's `TracingInstrumentation` rebuilds every
 * result with `data` present (graphql-java's `ExecutionResultImpl(data, errors, extensions)`), so GMS writes it.
 */
const engineAnswer = (errors: readonly GraphQLError[]): ExecutionResult =>
  refusedByEngine({ errors }) ? { errors, data: null } : { errors };

/**
 * Runs one GraphQL request the way GMS does: a syntax or validation error comes back in `errors[]` with no
 * resolver code; resolver errors carry DataHub's `extensions`. A document past graphql-java's parser limits
 * (parser-limits.ts) or DataHub's query depth and complexity limits (query-limits.ts) runs nothing.
 */
export async function runGraphQL(request: GraphQLRequest, ctx: SimContext): Promise<ExecutionResult> {
  const schema = simSchema(ctx.release);
  const { document, errors } = prepareDocument(schema, request.query);
  if (errors) return engineAnswer(errors);
  const variableValues = request.variables ?? undefined;
  const operationName = request.operationName ?? undefined;
  const tooBig = queryLimitError(querySize(schema, document, operationName, variableValues));
  if (tooBig) return engineAnswer([tooBig]);
  // with field faults planted graphql-js answers alone: a compiled run that fails would trip the fault twice
  if (!ctx.fieldFaults?.active) {
    const compiled = await runCompiled(schema, document, operationName, variableValues, ctx);
    if (compiled) return compiled;
  }
  return execute({ schema, document, variableValues, operationName, contextValue: ctx });
}
