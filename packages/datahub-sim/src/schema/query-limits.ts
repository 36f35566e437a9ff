import {
  getArgumentValues,
  getNamedType,
  getOperationAST,
  getVariableValues,
  isCompositeType,
  isObjectType,
  isInterfaceType,
  Kind,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLError,
  type GraphQLField,
  type GraphQLSchema,
  type SelectionNode,
  type SelectionSetNode,
  SchemaMetaFieldDef,
  TypeMetaFieldDef,
  valueFromASTUntyped,
} from 'graphql';
import { EngineError } from './engine-errors.js';

/**
 * GMS's query limits: `graphQL.query.complexityLimit` and `depthLimit` (`GRAPHQL_QUERY_COMPLEXITY_LIMIT`,
 * `GRAPHQL_QUERY_DEPTH_LIMIT`, defaults 2000 and 50 in DataHub's application.yaml), enforced by graphql-java's
 * `MaxQueryDepthInstrumentation` and `MaxQueryComplexityInstrumentation` (with `DataHubFieldComplexityCalculator`),
 * chained in that order in `GraphQLEngine`, when the operation starts executing (after validation).
 */
export const QUERY_LIMITS = { complexity: 2000, depth: 50 } as const;

export interface QuerySize {
  complexity: number;
  depth: number;
}

/**
 * The complexity and depth of the operation a request runs, counted as graphql-java's `QueryTraverser` walks it: every
 * field where it stands (fragments expanded, `@skip`/`@include` applied with the request's variables). Depth: the
 * deepest field's level, root fields at 1 (`__typename` too). Complexity (`DataHubFieldComplexityCalculator`): a field
 * is 1 plus its children, `__typename` 0; a field whose `input.count` is above 1 adds `2 × count` when its selection
 * holds `searchResults { entity { ...searchResultFields } }`. Undefined when the operation would not run, or its
 * variables would not coerce (graphql-java fails those before the instrumentations; the execution answers them).
 */
export function querySize(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | undefined,
  variables: Record<string, unknown> | undefined,
): QuerySize | undefined {
  const operation = getOperationAST(document, operationName);
  const root = operation && schema.getRootType(operation.operation);
  if (!operation || !root) return undefined;
  const definitions = operation.variableDefinitions ?? [];
  // coerced only where a value counts past a plain read (a count), or to confirm a refusal: the walk stays cheap
  let coerced: ReturnType<typeof getVariableValues> | undefined;
  const coercedVariables = () => (coerced ??= getVariableValues(schema, definitions, variables ?? {}));
  const fragments = new Map(
    document.definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((d) => [d.name.value, d]),
  );
  let depth = 0;

  /** A directive's `if`: a literal, or a variable's value (its default when the request has none). */
  const condition = (node: SelectionNode, directive: string): unknown => {
    const value = node.directives?.find((d) => d.name.value === directive)?.arguments?.[0]?.value;
    if (value?.kind !== Kind.VARIABLE) return value && valueFromASTUntyped(value);
    const name = value.name.value;
    if (variables && name in variables) return variables[name];
    const fallback = definitions.find((d) => d.variable.name.value === name)?.defaultValue;
    return fallback && valueFromASTUntyped(fallback);
  };
  const included = (node: SelectionNode) => condition(node, 'skip') !== true && condition(node, 'include') !== false;

  /** The summed complexity of the fields selected in `set` on `type`, at `level`. */
  const selections = (set: SelectionSetNode, type: GraphQLCompositeType, level: number): number => {
    let sum = 0;
    for (const selection of set.selections) {
      if (!included(selection)) continue;
      if (selection.kind === Kind.FIELD) sum += field(selection, type, level);
      else {
        const fragment = selection.kind === Kind.FRAGMENT_SPREAD ? fragments.get(selection.name.value) : selection;
        if (!fragment) continue;
        const on = fragment.typeCondition ? schema.getType(fragment.typeCondition.name.value) : type;
        if (on && isCompositeType(on)) sum += selections(fragment.selectionSet, on, level);
      }
    }
    return sum;
  };

  const field = (node: FieldNode, parent: GraphQLCompositeType, level: number): number => {
    depth = Math.max(depth, level);
    if (node.name.value === '__typename') return 0;
    const def = fieldDef(schema, parent, node.name.value);
    const type = def && getNamedType(def.type);
    const children =
      node.selectionSet && type && isCompositeType(type) ? selections(node.selectionSet, type, level + 1) : 0;
    return 1 + children + (def && spreadsSearchResultFields(node) ? lineageCount(def, node) : 0);
  };

  const lineageCount = (def: GraphQLField<unknown, unknown>, node: FieldNode): number => {
    const vars = coercedVariables().coerced;
    if (!vars) return 0;
    let count: unknown;
    try {
      count = (getArgumentValues(def, node, vars).input as Record<string, unknown> | null | undefined)?.count;
    } catch {
      return 0; // an argument the execution refuses: it answers that
    }
    // "This fragment includes 2 lineage queries": 2 × the entities asked for (DataHubFieldComplexityCalculator)
    return typeof count === 'number' && count > 1 ? 2 * count : 0;
  };

  const size = { complexity: selections(operation.selectionSet, root, 1), depth };
  // graphql-java coerces the variables before the instrumentations run: variables it refuses are answered as such
  if (queryLimitError(size) && coercedVariables().errors) return undefined;
  return size;
}

/** The field's definition, introspection's `__schema` and `__type` on the query type too. */
function fieldDef(
  schema: GraphQLSchema,
  parent: GraphQLCompositeType,
  name: string,
): GraphQLField<unknown, unknown> | undefined {
  if (parent === schema.getQueryType()) {
    if (name === SchemaMetaFieldDef.name) return SchemaMetaFieldDef;
    if (name === TypeMetaFieldDef.name) return TypeMetaFieldDef;
  }
  return isObjectType(parent) || isInterfaceType(parent) ? parent.getFields()[name] : undefined;
}

/** `searchResults { entity { ...searchResultFields } }` directly in the field's selection, by field name. */
function spreadsSearchResultFields(node: FieldNode): boolean {
  const fieldsNamed = (set: SelectionSetNode | undefined, name: string) =>
    (set?.selections ?? []).filter((s): s is FieldNode => s.kind === Kind.FIELD && s.name.value === name);
  return fieldsNamed(node.selectionSet, 'searchResults')
    .flatMap((r) => fieldsNamed(r.selectionSet, 'entity'))
    .some((e) =>
      e.selectionSet?.selections.some((s) => s.kind === Kind.FRAGMENT_SPREAD && s.name.value === 'searchResultFields'),
    );
}

/** The error GMS answers when a request's operation is past a limit: depth is checked first (`GraphQLEngine`'s order). */
export function queryLimitError(size: QuerySize | undefined): GraphQLError | undefined {
  if (!size) return undefined;
  // MaxQueryDepthInstrumentation / MaxQueryComplexityInstrumentation.mkAbortException: an AbortExecutionException
  if (size.depth > QUERY_LIMITS.depth) {
    return new EngineError(`maximum query depth exceeded ${size.depth} > ${QUERY_LIMITS.depth}`, 'ExecutionAborted');
  }
  if (size.complexity > QUERY_LIMITS.complexity) {
    return new EngineError(
      `maximum query complexity exceeded ${size.complexity} > ${QUERY_LIMITS.complexity}`,
      'ExecutionAborted',
    );
  }
  return undefined;
}
