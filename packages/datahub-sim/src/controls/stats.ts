import {
  valueFromASTUntyped,
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  Kind,
  getDirectiveValues,
  parse,
  type DocumentNode,
  type ExecutionResult,
  type FieldNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { FAULT_KINDS, type FaultKind } from './faults.js';

/** What `GET /__sim/stats` reports about the /api/graphql traffic since start (or the last reset). */
export interface Stats {
  /** Every request to /api/graphql, whatever its outcome. */
  requests: number;
  /** Executed operations by name; unnamed operations count as `(anonymous)`. */
  byOperation: Record<string, number>;
  /** Root fields of executed operations by field name (each selected root field counts once per request). */
  byRootField: Record<string, number>;
  /** Mutation root fields that ran without error. */
  mutations: number;
  /** Body bytes of the executed operations' answers (what a client downloads). */
  responseBytes: number;
  /** Injected faults by kind. */
  faults: Record<FaultKind, number>;
  /** The REST ingestion endpoint (`/aspects`), apart from GraphQL: its requests and the proposals it applied. */
  ingestion: { requests: number; proposals: number };
}

export const ANONYMOUS_OPERATION = '(anonymous)';

/** The operation a request selects, and its root fields after @skip/@include. */
export interface OperationSummary {
  name: string;
  kind: 'query' | 'mutation' | 'subscription';
  rootFields: { name: string; responseKey: string }[];
}

/** Reads the operation a request would execute; null when the document does not parse or names no operation. */
export function summarizeOperation(
  query: string,
  operationName?: string | null,
  variables?: Record<string, unknown> | null,
): OperationSummary | null {
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch {
    return null;
  }
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  const operation =
    operationName == null
      ? operations.length === 1
        ? operations[0]
        : undefined
      : operations.find((o) => o.name?.value === operationName);
  if (!operation) return null;
  const fragments = new Map<string, SelectionSetNode>();
  for (const d of document.definitions)
    if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d.selectionSet);
  const fields = new Map<string, FieldNode>();
  // a variable left out takes its declared default, as execution does (e.g. `$has1: Boolean = false`)
  const values: Record<string, unknown> = {};
  for (const v of operation.variableDefinitions ?? [])
    if (v.defaultValue) values[v.variable.name.value] = valueFromASTUntyped(v.defaultValue);
  collectRootFields(operation.selectionSet, fragments, { ...values, ...(variables ?? {}) }, fields, new Set());
  return {
    name: operation.name?.value ?? ANONYMOUS_OPERATION,
    kind: operation.operation as OperationSummary['kind'],
    rootFields: [...fields].map(([responseKey, node]) => ({ responseKey, name: node.name.value })),
  };
}

function collectRootFields(
  selectionSet: SelectionSetNode,
  fragments: Map<string, SelectionSetNode>,
  variables: Record<string, unknown>,
  into: Map<string, FieldNode>,
  visited: Set<string>,
): void {
  for (const selection of selectionSet.selections) {
    if (!included(selection, variables)) continue;
    if (selection.kind === Kind.FIELD) {
      const key = selection.alias?.value ?? selection.name.value;
      if (!into.has(key)) into.set(key, selection);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      collectRootFields(selection.selectionSet, fragments, variables, into, visited);
    } else {
      const name = selection.name.value;
      const fragment = fragments.get(name);
      if (!fragment || visited.has(name)) continue;
      visited.add(name);
      collectRootFields(fragment, fragments, variables, into, visited);
    }
  }
}

function included(node: Parameters<typeof getDirectiveValues>[1], variables: Record<string, unknown>): boolean {
  try {
    if (getDirectiveValues(GraphQLSkipDirective, node, variables)?.if === true) return false;
    return getDirectiveValues(GraphQLIncludeDirective, node, variables)?.if !== false;
  } catch {
    return true; // a bad directive argument fails validation; the request then never executes
  }
}

/**
 * Counts the mutation root fields that took effect. graphql-js runs them one after another; a failed non-null
 * field nulls the whole `data` and stops the fields after it, so those did not run either.
 */
export function appliedMutations(summary: OperationSummary, result: ExecutionResult): number {
  if (summary.kind !== 'mutation' || !('data' in result)) return 0;
  const failed = new Set((result.errors ?? []).map((e) => e.path?.[0]).filter((k) => k !== undefined));
  let applied = 0;
  for (const { responseKey } of summary.rootFields) {
    if (failed.has(responseKey)) {
      if (result.data == null) break;
      continue;
    }
    applied++;
  }
  return applied;
}

const emptyFaults = (): Record<FaultKind, number> =>
  Object.fromEntries(FAULT_KINDS.map((k) => [k, 0])) as Record<FaultKind, number>;

/** The simulator's traffic counters. */
export class StatsCounter {
  private stats: Stats = StatsCounter.empty();

  private static empty(): Stats {
    return {
      requests: 0,
      byOperation: {},
      byRootField: {},
      mutations: 0,
      responseBytes: 0,
      faults: emptyFaults(),
      ingestion: { requests: 0, proposals: 0 },
    };
  }

  request(): void {
    this.stats.requests++;
  }

  ingestRequest(): void {
    this.stats.ingestion.requests++;
  }

  ingested(): void {
    this.stats.ingestion.proposals++;
  }

  responded(bytes: number): void {
    this.stats.responseBytes += bytes;
  }

  fault(kind: FaultKind): void {
    this.stats.faults[kind]++;
  }

  /** Records an operation that executed (its result has `data`, even null). */
  executed(summary: OperationSummary, result: ExecutionResult): void {
    const s = this.stats;
    s.byOperation[summary.name] = (s.byOperation[summary.name] ?? 0) + 1;
    for (const { name } of summary.rootFields) s.byRootField[name] = (s.byRootField[name] ?? 0) + 1;
    s.mutations += appliedMutations(summary, result);
  }

  snapshot(): Stats {
    return structuredClone(this.stats);
  }

  reset(): void {
    this.stats = StatsCounter.empty();
  }
}
