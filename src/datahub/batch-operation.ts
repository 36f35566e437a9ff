import {
  Kind,
  parse,
  print,
  visit,
  type DocumentNode,
  type FieldNode,
  type OperationDefinitionNode,
  type VariableDefinitionNode,
} from 'graphql';
import type { z } from 'zod';
import { DataHubError, graphqlError, malformed } from './errors.js';
import { defineOperation } from './operation.js';
import type { ApiGeneration } from './version/api-generation.js';

/**
 * One DataHub mutation, sent many times in one request: the `.graphql` file holds the mutation with a single root
 * field (validated as is by check-datahub-ops), and a batch of n repeats that field under the aliases w0..w(n-1),
 * each with its own numbered variables (`$input` becomes `$input_0`, `$input_1`, ...). GMS runs a mutation's root
 * fields one after another, in order, and answers each alias on its own.
 */
export interface BatchOperation<Vars, Data> {
  /** The operation's name, as in its file (requests are counted by it). */
  name: string;
  /** The mutation's root field, e.g. `upsertLink`. */
  field: string;
  /** The document for `size` writes (printed once per size). */
  document(size: number): string;
  /** The variables of those writes, each item's renamed to its alias's. */
  variables(items: Vars[]): Record<string, unknown>;
  /** What one alias answers. */
  schema: z.ZodType<Data>;
  /** Safe to send twice: decides whether a whole batch is retried after an ambiguous failure. */
  idempotent: boolean;
  /** The write as an older DataHub API generation takes it, where it differs (see version/api-generation.ts). */
  variants?: Partial<Record<ApiGeneration, BatchOperation<Vars, Data>>>;
}

/** How an older API generation takes a write: another mutation's file, and/or its variables changed. */
export interface BatchVariant<Vars> {
  file?: string;
  vars?: (v: Vars) => Vars;
}

/** What DataHub answered for one write of a batch. */
export type ItemAnswer<Data> =
  | { status: 'landed'; data?: Data }
  | { status: 'failed'; error: DataHubError }
  /** GMS stopped before this alias (an earlier non-null field failed, nulling `data`): it may be sent again. */
  | { status: 'not-run' };

export const aliasOf = (i: number) => `w${i}`;

/** Loads `operations/<file>.graphql` (one mutation, one root field) as a batch operation. */
export function defineBatchOperation<Vars, Data>(
  file: string,
  schema: z.ZodType<Data>,
  options: { idempotent: boolean; variants?: Partial<Record<ApiGeneration, BatchVariant<Vars>>> },
): BatchOperation<Vars, Data> {
  const op = singleBatch<Vars, Data>(file, schema, options.idempotent);
  const entries = Object.entries(options.variants ?? {}) as [ApiGeneration, BatchVariant<Vars>][];
  if (!entries.length) return op;
  const variants: Partial<Record<ApiGeneration, BatchOperation<Vars, Data>>> = {};
  for (const [api, variant] of entries) {
    const base = variant.file ? singleBatch<Vars, Data>(variant.file, schema, options.idempotent) : op;
    const vars = variant.vars;
    variants[api] = vars ? { ...base, variables: (items) => base.variables(items.map(vars)) } : base;
  }
  return { ...op, variants };
}

function singleBatch<Vars, Data>(
  file: string,
  schema: z.ZodType<Data>,
  idempotent: boolean,
): BatchOperation<Vars, Data> {
  const options = { idempotent };
  const single = defineOperation<Vars, unknown>(file, schema, options);
  const op = parse(single.document).definitions[0] as OperationDefinitionNode;
  const [field, ...more] = op.selectionSet.selections;
  if (op.operation !== 'mutation' || field?.kind !== Kind.FIELD || more.length)
    throw new Error(`operations/${file}.graphql must be a mutation of one root field`);
  const names = (op.variableDefinitions ?? []).map((v) => v.variable.name.value);
  const documents = new Map<number, string>();
  return {
    name: single.name,
    field: field.name.value,
    document: (size) => {
      let text = documents.get(size);
      if (!text) documents.set(size, (text = print(batchDocument(op, field, size))));
      return text;
    },
    variables: (items) => {
      const out: Record<string, unknown> = {};
      items.forEach((item, i) => {
        for (const name of names) out[`${name}_${i}`] = (item as Record<string, unknown>)[name];
      });
      return out;
    },
    schema,
    idempotent: options.idempotent,
  };
}

function batchDocument(op: OperationDefinitionNode, field: FieldNode, size: number): DocumentNode {
  const renamed = <T extends FieldNode | VariableDefinitionNode>(node: T, i: number): T =>
    visit(node, { Variable: (v) => ({ ...v, name: { ...v.name, value: `${v.name.value}_${i}` } }) });
  const indices = Array.from({ length: size }, (_, i) => i);
  return {
    kind: Kind.DOCUMENT,
    definitions: [
      {
        ...op,
        variableDefinitions: indices.flatMap((i) => (op.variableDefinitions ?? []).map((v) => renamed(v, i))),
        selectionSet: {
          kind: Kind.SELECTION_SET,
          selections: indices.map((i) => ({ ...renamed(field, i), alias: { kind: Kind.NAME, value: aliasOf(i) } })),
        },
      },
    ],
  };
}

export interface PathError {
  message: string;
  path?: readonly (string | number)[];
  extensions?: Record<string, unknown>;
}

/**
 * Each write's answer from a batch's response: an error whose path starts at its alias is that write's; the others
 * landed. When `data` is null (a failed non-null field nulls it), the aliases before the first failure ran and landed,
 * and those after it may not have run. Throws when the errors name none of the batch's aliases.
 */
export function answersOf<Data>(
  op: BatchOperation<unknown, Data>,
  size: number,
  data: Record<string, unknown> | null,
  errors: readonly PathError[],
): ItemAnswer<Data>[] {
  const byAlias = new Map<string, PathError>();
  for (const e of errors) {
    const key = e.path?.[0];
    if (typeof key === 'string' && !byAlias.has(key)) byAlias.set(key, e);
  }
  if (data === null && ![...byAlias.keys()].some((k) => /^w\d+$/.test(k) && Number(k.slice(1)) < size)) {
    throw graphqlError(op.name, errors.map((e) => e.message).join('; ') || 'no data');
  }
  const answers: ItemAnswer<Data>[] = [];
  let stopped = false;
  for (let i = 0; i < size; i++) {
    const alias = aliasOf(i);
    const error = byAlias.get(alias);
    if (error) {
      const code = error.extensions?.code;
      answers.push({
        status: 'failed',
        error: graphqlError(op.name, error.message, typeof code === 'number' ? code : undefined),
      });
      if (data === null) stopped = true;
    } else if (stopped) {
      answers.push({ status: 'not-run' });
    } else if (data === null) {
      answers.push({ status: 'landed' });
    } else {
      const parsed = op.schema.safeParse(data[alias]);
      answers.push(
        parsed.success
          ? { status: 'landed', data: parsed.data }
          : {
              status: 'failed',
              error: malformed(op.name, `${alias}: ${parsed.error.issues[0]?.message ?? 'unexpected value'}`),
            },
      );
    }
  }
  return answers;
}
