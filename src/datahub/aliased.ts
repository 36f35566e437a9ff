import {
  Kind,
  parse,
  print,
  visit,
  type FieldNode,
  type OperationDefinitionNode,
  type VariableDefinitionNode,
} from 'graphql';
import { z } from 'zod';
import { defineOperation, type Operation } from './operation.js';
import { documentSize, pastGmsLimits, type DocumentSize } from './gms-limits.js';

/**
 * A one-field operation sent as many aliased copies of its field in one document, each a DataHub query of its own
 * (one round trip for hundreds of lookups). The `.graphql` file holds the operation with one slot: its field aliased
 * `<alias>0` and the variables of that slot named `<name>0`; the other variables are shared by every slot. Slots come
 * in sizes of powers of two, unused ones skipped with the slot's `@include(if: $has<i>)`, so the server sees a
 * handful of distinct documents however the counts vary.
 */
export interface AliasedOperation<Item> {
  /** The operation for `slots` copies (rounded up to the next size). */
  forSlots(slots: number): Operation<Record<string, unknown>, Record<string, Item | null | undefined>>;
  /** The alias of slot `i` in the answer. */
  alias(i: number): string;
  /** The variables of slot `i`, from the slot's own (named without their `0`). */
  slotVars(i: number, vars: Record<string, unknown>): Record<string, unknown>;
  /**
   * Most slots in one document: the largest power of two whose document GMS takes whole, within its parser's token
   * limits and its query complexity and depth limits (gms-limits.ts).
   */
  readonly max: number;
}

const SMALLEST = 8;

export function defineAliasedOperation<Item>(
  file: string,
  item: z.ZodType<Item>,
  options: { long?: boolean } = {},
): AliasedOperation<Item> {
  const base = defineOperation<Record<string, unknown>, unknown>(file, z.unknown(), options);
  const doc = parse(base.document);
  const op = doc.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
  const field = op.selectionSet.selections[0];
  if (op.selectionSet.selections.length !== 1 || field?.kind !== Kind.FIELD || !field.alias?.value.endsWith('0')) {
    throw new Error(`operations/${file}.graphql must select one field aliased <name>0`);
  }
  const slot: FieldNode = field;
  const prefix = field.alias.value.slice(0, -1);
  const isSlotVar = (name: string) => name.endsWith('0');
  const slotDefs = op.variableDefinitions?.filter((v) => isSlotVar(v.variable.name.value)) ?? [];
  const sharedDefs = op.variableDefinitions?.filter((v) => !isSlotVar(v.variable.name.value)) ?? [];
  const fragments = doc.definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => print(d));
  const rename = (name: string, i: number) => (isSlotVar(name) ? `${name.slice(0, -1)}${i}` : name);
  const numbered = <T extends FieldNode | VariableDefinitionNode>(node: T, i: number): T =>
    visit(node, { Variable: (v) => ({ ...v, name: { ...v.name, value: rename(v.name.value, i) } }) }) as T;

  const built = new Map<number, Operation<Record<string, unknown>, Record<string, Item | null | undefined>>>();
  let max: number | undefined;
  /** Worked out on first use (it prints and measures a document or two), then kept. */
  const maxSlots = () => (max ??= largestFitting((size) => documentSize(forSize(size).document)));
  const sizeFor = (slots: number) => {
    let size = SMALLEST;
    while (size < slots && size < maxSlots()) size *= 2;
    return Math.min(size, maxSlots());
  };
  return {
    get max() {
      return maxSlots();
    },
    alias: (i) => `${prefix}${i}`,
    slotVars: (i, vars) =>
      Object.fromEntries([...Object.entries(vars).map(([k, v]) => [`${k}${i}`, v]), [`has${i}`, true]]),
    forSlots: (slots) => forSize(sizeFor(slots)),
  };

  /** The document of exactly `size` slots (printed once a size). */
  function forSize(size: number): Operation<Record<string, unknown>, Record<string, Item | null | undefined>> {
    const known = built.get(size);
    if (known) return known;
    const copies = Array.from(
      { length: size },
      (_, i) => ({ ...numbered(slot, i), alias: { kind: Kind.NAME, value: `${prefix}${i}` } }) as FieldNode,
    );
    const variables = [
      ...Array.from({ length: size }, (_, i) => slotDefs.map((d) => numbered(d, i))).flat(),
      ...sharedDefs,
    ];
    const text = print({
      ...op,
      variableDefinitions: variables,
      selectionSet: { ...op.selectionSet, selections: copies },
    });
    const schema = z.record(z.string(), item.nullish()) as unknown as z.ZodType<
      Record<string, Item | null | undefined>
    >;
    const operation = {
      name: base.name,
      document: [text, ...fragments].join('\n\n'),
      schema,
      idempotent: base.idempotent,
      ...(base.long ? { long: true } : {}),
    };
    built.set(size, operation);
    return operation;
  }
}

/** Documents of more slots than this are never worth one request (and printing one costs time). */
const MOST = 4096;

/**
 * The largest power of two whose document fits GMS's limits. Each slot adds the same tokens and fields, so the sizes
 * of 1 and 2 slots say where the limits fall; the candidate is then measured whole (its names grow by digits).
 */
function largestFitting(measure: (size: number) => DocumentSize): number {
  const [one, two] = [measure(1), measure(2)];
  if (pastGmsLimits(one).length)
    throw new Error(`one slot is already past GMS's limits: ${pastGmsLimits(one).join(', ')}`);
  const at = (n: number): DocumentSize =>
    Object.fromEntries(
      Object.keys(one).map((k) => {
        const key = k as keyof DocumentSize;
        return [key, key === 'depth' ? one.depth : one[key] + (n - 1) * (two[key] - one[key])];
      }),
    ) as unknown as DocumentSize;
  let size = 1;
  while (size * 2 <= MOST && !pastGmsLimits(at(size * 2)).length) size *= 2;
  while (size > 1 && pastGmsLimits(measure(size)).length) size /= 2;
  return size;
}
