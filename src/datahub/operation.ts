import fs from 'node:fs';
import { Kind, parse, print, visit, type DocumentNode, type FragmentDefinitionNode } from 'graphql';
import type { z } from 'zod';

/** One DataHub operation: its document (from a .graphql file, with the fragments it uses), and its response schema. */
export interface Operation<Vars, Data> {
  name: string;
  document: string;
  schema: z.ZodType<Data>;
  /** Safe to send twice: reads, and writes DataHub makes idempotent. Decides retries after an ambiguous failure. */
  idempotent: boolean;
  /**
   * A read whose answer can take DataHub many seconds (a model's whole reach, a walk of thousands of entities): it gets
   * the client's long timeout, and a timeout is not retried (asking again costs DataHub the same work again).
   */
  long?: boolean;
  /** Type-only marker for the variables. */
  readonly vars?: Vars;
}

const FRAGMENTS_DIR = new URL('./operations/fragments/', import.meta.url);

let fragments: Map<string, FragmentDefinitionNode> | undefined;
function allFragments(): Map<string, FragmentDefinitionNode> {
  if (fragments) return fragments;
  fragments = new Map();
  for (const file of fs.readdirSync(FRAGMENTS_DIR).filter((f) => f.endsWith('.graphql'))) {
    for (const def of parse(fs.readFileSync(new URL(file, FRAGMENTS_DIR), 'utf8')).definitions) {
      if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
    }
  }
  return fragments;
}

/** The operation's text plus every fragment it spreads, transitively. */
function withFragments(doc: DocumentNode): string {
  const needed = new Map<string, FragmentDefinitionNode>();
  const own = new Set(
    doc.definitions
      .filter((d) => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((d) => (d as FragmentDefinitionNode).name.value),
  );
  const collect = (node: DocumentNode | FragmentDefinitionNode) =>
    visit(node, {
      FragmentSpread(spread) {
        const name = spread.name.value;
        if (own.has(name) || needed.has(name)) return;
        const def = allFragments().get(name);
        if (!def) throw new Error(`fragment ${name} is not defined`);
        needed.set(name, def);
        collect(def);
      },
    });
  collect(doc);
  return [print(doc), ...[...needed.values()].map((d) => print(d))].join('\n\n');
}

/** Loads `operations/<file>.graphql` (one operation) and pairs it with its zod schema. */
export function defineOperation<Vars, Data>(
  file: string,
  schema: z.ZodType<Data>,
  options: { idempotent?: boolean; long?: boolean } = {},
): Operation<Vars, Data> {
  const doc = parse(fs.readFileSync(new URL(`./operations/${file}.graphql`, import.meta.url), 'utf8'));
  const op = doc.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION);
  if (!op || op.kind !== Kind.OPERATION_DEFINITION || !op.name)
    throw new Error(`operations/${file}.graphql has no named operation`);
  return {
    name: op.name.value,
    document: withFragments(doc),
    schema,
    idempotent: options.idempotent ?? op.operation === 'query',
    ...(options.long ? { long: true } : {}),
  };
}

/** Every operation Janus can send (each `.graphql` file under operations/, with its fragments): for `janus doctor`. */
export function allOperations(): { file: string; name: string; document: string }[] {
  const root = new URL('./operations/', import.meta.url);
  const files = (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.graphql') && !f.startsWith('fragments'))
    .sort();
  return files.map((file) => {
    const doc = parse(fs.readFileSync(new URL(file, root), 'utf8'));
    const op = doc.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION);
    return {
      file,
      name: op?.kind === Kind.OPERATION_DEFINITION ? (op.name?.value ?? file) : file,
      document: withFragments(doc),
    };
  });
}
