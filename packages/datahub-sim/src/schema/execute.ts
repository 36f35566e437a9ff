import { execute, type ExecutionResult, type GraphQLSchema } from 'graphql';
import { runCompiled } from './compiled-queries.js';
import type { SimContext } from './context.js';
import { prepareDocument } from './prepared-documents.js';
import { simResolvers } from '../resolvers/index.js';
import { buildSimSchema } from './build.js';
import { withFieldFaults } from '../controls/field-faults.js';

export interface GraphQLRequest {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
}

let cached: GraphQLSchema | undefined;
export function simSchema(): GraphQLSchema {
  if (cached) return cached;
  cached = buildSimSchema(simResolvers);
  withFieldFaults(cached);
  return cached;
}

/**
 * Runs one GraphQL request the way GMS does: a syntax or validation error comes back in `errors[]` with no
 * resolver code; resolver errors carry DataHub's `extensions`.
 */
export async function runGraphQL(request: GraphQLRequest, ctx: SimContext): Promise<ExecutionResult> {
  const schema = simSchema();
  const { document, errors } = prepareDocument(schema, request.query);
  if (errors) return { errors };
  const variableValues = request.variables ?? undefined;
  const operationName = request.operationName ?? undefined;
  // with field faults planted graphql-js answers alone: a compiled run that fails would trip the fault twice
  if (!ctx.fieldFaults?.active) {
    const compiled = await runCompiled(schema, document, operationName, variableValues, ctx);
    if (compiled) return compiled;
  }
  return execute({ schema, document, variableValues, operationName, contextValue: ctx });
}
