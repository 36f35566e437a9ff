import fs from 'node:fs';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  Kind,
  parse,
  typeFromAST,
  type GraphQLInputType,
  type OperationDefinitionNode,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  countTokens,
  parserLimitError,
  PARSER_LIMITS,
  queryLimitError,
  QUERY_LIMITS,
  querySize,
  simSchema,
} from '@janus/datahub-sim/in-process';
import { defineAliasedOperation } from '../../src/datahub/aliased.js';
import { MAX_WRITE_BATCH } from '../../src/config/datahub-limits.js';
import { defineBatchOperation } from '../../src/datahub/batch-operation.js';
import { documentSize, pastGmsLimits, type DocumentSize } from '../../src/datahub/gms-limits.js';
import { defineOperation } from '../../src/datahub/operation.js';
import { downstreamModels } from '../../src/datahub/queries/downstream-models.js';

// Every document Janus can send, at its largest (aliased lookups at their most slots, writes at the largest batch),
// measured with the simulator's counting (graphql-js's lexer; complexity and depth as DataHub counts them): GMS takes
// each whole. A new file under src/datahub/operations/ is covered by being there.

const OPERATIONS = new URL('../../src/datahub/operations/', import.meta.url);
const files = (dir: string): string[] =>
  fs
    .readdirSync(new URL(dir, OPERATIONS), { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory()
        ? e.name === 'fragments'
          ? []
          : files(`${dir}${e.name}/`)
        : e.name.endsWith('.graphql')
          ? [`${dir}${e.name.slice(0, -'.graphql'.length)}`]
          : [],
    );

const isAliased = (file: string) => {
  const op = parse(defineOperation(file, z.unknown()).document).definitions[0] as OperationDefinitionNode;
  const [field, ...more] = op.selectionSet.selections;
  return !more.length && field?.kind === Kind.FIELD && !!field.alias?.value.endsWith('0');
};

/** The largest document a file can become, and how it was built. */
function largest(file: string): { how: string; document: string } {
  if (file.startsWith('write/')) {
    const op = defineBatchOperation(file, z.unknown(), { idempotent: true });
    return { how: `${MAX_WRITE_BATCH} writes`, document: op.document(MAX_WRITE_BATCH) };
  }
  if (isAliased(file)) {
    const op = defineAliasedOperation(file, z.unknown());
    return { how: `${op.max} slots`, document: op.forSlots(op.max).document };
  }
  return { how: 'as is', document: defineOperation(file, z.unknown()).document };
}

/** A value of the type that DataHub's schema accepts, for variables the document needs: every `@include` on. */
function sample(type: GraphQLInputType): unknown {
  if (isNonNullType(type)) return sample(type.ofType);
  if (isListType(type)) return [sample(type.ofType)];
  const named = getNamedType(type);
  if (isEnumType(named)) return named.getValues()[0]!.value;
  if (isInputObjectType(named)) {
    const required = Object.values(named.getFields()).filter(
      (f) => isNonNullType(f.type) && f.defaultValue === undefined,
    );
    return Object.fromEntries(required.map((f) => [f.name, sample(f.type)]));
  }
  return { String: 'x', ID: 'x', Boolean: true, Int: 1, Long: 1, Float: 1 }[named.name] ?? 'x';
}

function variablesFor(document: string): Record<string, unknown> {
  const op = parse(document).definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION) as OperationDefinitionNode;
  const vars: Record<string, unknown> = {};
  for (const v of op.variableDefinitions ?? []) {
    const name = v.variable.name.value;
    // every @include flag on (a slot, a list): the largest document, as Janus's own count assumes
    if (/^has\d+$/.test(name) || (v.type.kind === Kind.NAMED_TYPE && v.type.name.value === 'Boolean'))
      vars[name] = true;
    else if (!v.defaultValue) vars[name] = sample(typeFromAST(simSchema(), v.type as never) as GraphQLInputType);
  }
  return vars;
}

const all = files('').map((file) => ({ file, ...largest(file) }));

describe("every document Janus sends stays within GMS's limits at its largest", () => {
  it('finds the operations: reads, the aliased lookup, the writes', () => {
    expect(all.length).toBeGreaterThanOrEqual(30);
    expect(all.filter((o) => o.how.endsWith('slots')).map((o) => o.file)).toContain('downstream-models');
    expect(all.filter((o) => o.file.startsWith('write/')).length).toBeGreaterThanOrEqual(16);
  });

  it.each(all)('$file ($how)', ({ document }) => {
    const tokens = countTokens(document);
    const size = querySize(simSchema(), parse(document), undefined, variablesFor(document));
    expect(size).toBeDefined();
    expect(tokens.characters).toBeLessThanOrEqual(PARSER_LIMITS.characters);
    expect(tokens.grammarTokens + 1).toBeLessThanOrEqual(PARSER_LIMITS.grammarTokens); // + 1: graphql-java counts EOF
    expect(tokens.commentTokens).toBeLessThanOrEqual(PARSER_LIMITS.grammarTokens);
    expect(tokens.whitespaceTokens).toBeLessThanOrEqual(PARSER_LIMITS.whitespaceTokens);
    expect(size!.complexity).toBeLessThanOrEqual(QUERY_LIMITS.complexity);
    expect(size!.depth).toBeLessThanOrEqual(QUERY_LIMITS.depth);
    expect(parserLimitError(document)).toBeUndefined();
    expect(queryLimitError(size)).toBeUndefined();
    // Janus sizes its documents with its own count (no schema): it agrees with the simulator's
    expect(documentSize(document)).toEqual({ ...tokens, ...size });
  });

  it('takes the most slots that fit: twice as many are past a limit (each slot adds the same)', () => {
    for (const { file } of all.filter((o) => o.how.endsWith('slots'))) {
      const op = defineAliasedOperation(file, z.unknown());
      const half = documentSize(op.forSlots(op.max / 2).document);
      const full = documentSize(op.forSlots(op.max).document);
      const keys = Object.keys(full) as (keyof DocumentSize)[];
      const twice = Object.fromEntries(
        keys.map((k) => [k, k === 'depth' ? full.depth : 3 * full[k] - 2 * half[k]]),
      ) as unknown as DocumentSize;
      expect(pastGmsLimits(full)).toEqual([]);
      expect(pastGmsLimits(twice)).not.toEqual([]);
    }
    expect(downstreamModels.max).toBe(defineAliasedOperation('downstream-models', z.unknown()).max);
  });
});
