import {
  getNamedType,
  getOperationAST,
  getVariableValues,
  isAbstractType,
  isNonNullType,
  isObjectType,
  parse,
  print,
  TypeInfo,
  ValidationContext,
  visit,
  Kind,
  type DocumentNode,
  type ExecutionResult,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLObjectType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import type { SimContext } from './context.js';

/**
 * graphql-jit for the read operations clients repeat (Janus's entity batches): a query compiled to plain
 * JavaScript answers several times faster than graphql-js interprets it. graphql-js stays the reference:
 * the compiled path only answers requests that succeed, on documents where the two are known to agree, and
 * everything else (mutations, directives, coercion or resolver errors) runs through graphql-js as before.
 */

/** Per document, per operation name: the compiled query, or null when graphql-js must answer it. */
const compiledQueries = new WeakMap<DocumentNode, Map<string, CompiledQuery | null>>();

/**
 * The answer of the compiled query, or undefined when graphql-js must answer: not a query it may compile,
 * variables graphql-js rejects, or any error in the result (errors are graphql-js's to word).
 */
export async function runCompiled(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | undefined,
  variables: Record<string, unknown> | undefined,
  ctx: SimContext,
): Promise<ExecutionResult | undefined> {
  let perName = compiledQueries.get(document);
  if (!perName) compiledQueries.set(document, (perName = new Map()));
  let compiled = perName.get(operationName ?? '');
  if (compiled === undefined) perName.set(operationName ?? '', (compiled = compile(schema, document, operationName)));
  if (!compiled) return undefined;
  const operation = getOperationAST(document, operationName)!;
  // graphql-js coerces the variables, so a value it rejects is answered by graphql-js.
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables ?? {});
  if (coerced.errors) return undefined;
  try {
    const result = await compiled.query(undefined, ctx, coerced.coerced);
    return result.errors?.length ? undefined : result;
  } catch {
    return undefined;
  }
}

/**
 * Above this many root fields a document is left to graphql-js: graphql-jit writes code of its own for every
 * aliased field, and each piece runs once a request, so it never gets fast. Measured on 200 aliases of a
 * lineage search of 1,000 results each: graphql-js ~1.1-2.3 s; graphql-jit 2.7-3.9 s the first time (with
 * compiling), 2.3-3.4 s the second, 1.4-1.8 s the third.
 */
const MAX_COMPILED_ROOT_FIELDS = 16;

function compile(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | undefined,
): CompiledQuery | null {
  const operation = getOperationAST(document, operationName);
  if (!operation || operation.operation !== 'query' || !agreesWithGraphqlJs(schema, document, operation)) return null;
  if (operation.selectionSet.selections.length > MAX_COMPILED_ROOT_FIELDS) return null;
  if (compiledSize(schema, document, operation, MAX_COMPILED_SIZE) > MAX_COMPILED_SIZE) return null;
  try {
    // A copy of the document: graphql-jit annotates the nodes it compiles.
    const compiled = compileQuery(schema, parse(print(document)), operationName, {
      disablingCapturingStackErrors: true,
    });
    return isCompiledQuery(compiled) ? compiled : null;
  } catch {
    return null;
  }
}

/**
 * Above this many compiled fields a document is left to graphql-js: graphql-jit writes code for each
 * field once per possible type of every abstract field above it, so lineage nested inside lineage (each hop's
 * `entity: Entity` one of 60 types) multiplies. Janus's entity batch is about 650; its upstream reach (each entity's
 * downstream edges inside each entity) about 5,800, compiled in ~0.6 s; its three-hop downstream walk about 73,000,
 * which took 8 s to compile, graphql-js answering it in less.
 */
const MAX_COMPILED_SIZE = 20_000;

/** The fields graphql-jit would write code for (each field under each possible type of the abstract ones), up to `limit`. */
function compiledSize(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  limit: number,
): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const applies = (condition: string | undefined, type: GraphQLObjectType) => {
    if (!condition || condition === type.name) return true;
    const named = schema.getType(condition);
    return !!named && isAbstractType(named) && schema.isSubType(named, type);
  };
  const collect = (
    sets: readonly SelectionSetNode[],
    type: GraphQLObjectType,
    out = new Map<string, FieldNode[]>(),
  ) => {
    for (const set of sets) {
      for (const s of set.selections) {
        if (s.kind === Kind.FIELD) {
          const key = s.alias?.value ?? s.name.value;
          out.set(key, [...(out.get(key) ?? []), s]);
        } else if (s.kind === Kind.INLINE_FRAGMENT) {
          if (applies(s.typeCondition?.name.value, type)) collect([s.selectionSet], type, out);
        } else {
          const fragment = fragments.get(s.name.value);
          if (fragment && applies(fragment.typeCondition.name.value, type)) collect([fragment.selectionSet], type, out);
        }
      }
    }
    return out;
  };
  let size = 0;
  const visitSets = (sets: readonly SelectionSetNode[], type: GraphQLObjectType): void => {
    for (const nodes of collect(sets, type).values()) {
      if (++size > limit) return;
      const field = type.getFields()[nodes[0]!.name.value];
      const below = nodes.flatMap((n) => (n.selectionSet ? [n.selectionSet] : []));
      if (!field || !below.length) continue;
      const named = getNamedType(field.type);
      if (isAbstractType(named)) for (const t of schema.getPossibleTypes(named)) visitSets(below, t);
      else if (isObjectType(named)) visitSets(below, named);
      if (size > limit) return;
    }
  };
  const root = schema.getQueryType();
  if (root) visitSets([operation.selectionSet], root);
  return size;
}

/**
 * Where graphql-jit and graphql-js may answer differently without an error, the document is left to
 * graphql-js: directives (graphql-jit's @skip/@include across fragment spreads) and a nullable variable in a
 * non-null position (graphql-js rejects a null there inside an input literal; graphql-jit passes it on).
 */
function agreesWithGraphqlJs(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
): boolean {
  let directives = false;
  visit(document, { [Kind.DIRECTIVE]: () => void (directives = true) });
  if (directives) return false;
  const declared = new Map(
    (operation.variableDefinitions ?? []).map((d) => [d.variable.name.value, d.type.kind === Kind.NON_NULL_TYPE]),
  );
  const context = new ValidationContext(schema, document, new TypeInfo(schema), () => undefined);
  return context
    .getRecursiveVariableUsages(operation)
    .every((usage) => !usage.type || !isNonNullType(usage.type) || declared.get(usage.node.name.value) === true);
}
