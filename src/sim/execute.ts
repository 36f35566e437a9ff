import { execute, parse, validate, type ExecutionResult, type GraphQLSchema } from 'graphql';
import type { SimContext } from './context.js';
import { simResolvers } from './resolvers/index.js';
import { buildSimSchema } from './schema.js';

export interface GraphQLRequest {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
}

let cached: GraphQLSchema | undefined;
export const simSchema = (): GraphQLSchema => (cached ??= buildSimSchema(simResolvers));

/**
 * Runs one GraphQL request the way GMS does: a syntax or validation error comes back in `errors[]` with no
 * resolver code; resolver errors carry DataHub's `extensions`.
 */
export async function runGraphQL(request: GraphQLRequest, ctx: SimContext): Promise<ExecutionResult> {
  const schema = simSchema();
  let document;
  try {
    document = parse(request.query);
  } catch (e) {
    return { errors: [e as never] };
  }
  const invalid = validate(schema, document);
  if (invalid.length) return { errors: invalid };
  return execute({
    schema,
    document,
    variableValues: request.variables ?? undefined,
    operationName: request.operationName ?? undefined,
    contextValue: ctx,
  });
}
