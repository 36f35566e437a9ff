import { execute, type ExecutionResult, type GraphQLSchema } from 'graphql';
import { runCompiled } from './compiled-queries.js';
import type { SimContext } from './context.js';
import { prepareDocument } from './prepared-documents.js';
import { simResolvers } from '../resolvers/index.js';
import type { DataHubRelease } from '../release/releases.js';
import { buildSimSchema } from './build.js';

export interface GraphQLRequest {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
}

const cached = new Map<DataHubRelease, GraphQLSchema>();
/** The executable schema of a release (current by default), built once. */
export function simSchema(release: DataHubRelease = 'current'): GraphQLSchema {
  let schema = cached.get(release);
  if (!schema) cached.set(release, (schema = buildSimSchema(simResolvers, release)));
  return schema;
}

/**
 * Runs one GraphQL request the way GMS does: a syntax or validation error comes back in `errors[]` with no
 * resolver code; resolver errors carry DataHub's `extensions`.
 */
export async function runGraphQL(request: GraphQLRequest, ctx: SimContext): Promise<ExecutionResult> {
  const schema = simSchema(ctx.release);
  const { document, errors } = prepareDocument(schema, request.query);
  if (errors) return { errors };
  const variableValues = request.variables ?? undefined;
  const operationName = request.operationName ?? undefined;
  const compiled = await runCompiled(schema, document, operationName, variableValues, ctx);
  if (compiled) return compiled;
  return execute({ schema, document, variableValues, operationName, contextValue: ctx });
}
