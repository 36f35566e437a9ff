import fs from 'node:fs';
import { Kind, parse, print, visit, type DocumentNode, type FragmentDefinitionNode } from 'graphql';
import type { z } from 'zod';
import { API_GENERATIONS, CURRENT_API, type ApiGeneration } from './version/api-generation.js';

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
  /** The operation as an older DataHub API generation needs it, where it differs (see version/api-generation.ts). */
  variants?: Partial<Record<ApiGeneration, Operation<Vars, Data>>>;
  /** Type-only marker for the variables. */
  readonly vars?: Vars;
}

const fragmentsDir = (api: ApiGeneration) =>
  new URL(api === CURRENT_API ? './operations/fragments/' : `./operations/${api}/fragments/`, import.meta.url);

/**
 * An older generation's fragment replaces the current one it names: `JanusIncident_v1_0` in operations/v1.0/fragments/
 * is sent as `JanusIncident` to a DataHub v1.0 (distinct names in the files, so each checks against DataHub's schema).
 */
const suffixOf = (api: ApiGeneration) => `_${api.replace(/\W/g, '_')}`;

const fragments = new Map<ApiGeneration, Map<string, FragmentDefinitionNode>>();
/** The fragments an operation is sent with to a DataHub of `api`: the current ones, with that generation's in their place. */
function allFragments(api: ApiGeneration = CURRENT_API): Map<string, FragmentDefinitionNode> {
  const known = fragments.get(api);
  if (known) return known;
  const found = new Map(api === CURRENT_API ? [] : allFragments(CURRENT_API));
  const dir = fragmentsDir(api);
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.graphql')) : [];
  for (const file of files) {
    for (const def of parse(fs.readFileSync(new URL(file, dir), 'utf8')).definitions) {
      if (def.kind !== Kind.FRAGMENT_DEFINITION) continue;
      const name = api === CURRENT_API ? def.name.value : def.name.value.replace(new RegExp(`${suffixOf(api)}$`), '');
      if (api !== CURRENT_API && !found.has(name))
        throw new Error(`operations/${api}/fragments/${file}: ${def.name.value} replaces no fragment`);
      found.set(name, { ...def, name: { ...def.name, value: name } });
    }
  }
  fragments.set(api, found);
  return found;
}

/** The operation's text plus every fragment it spreads, transitively (as a DataHub of `api` needs them). */
function withFragments(doc: DocumentNode, api: ApiGeneration = CURRENT_API): string {
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
        const def = allFragments(api).get(name);
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
  const operation: Operation<Vars, Data> = {
    name: op.name.value,
    document: withFragments(doc),
    schema,
    idempotent: options.idempotent ?? op.operation === 'query',
    ...(options.long ? { long: true } : {}),
  };
  const variants: Partial<Record<ApiGeneration, Operation<Vars, Data>>> = {};
  for (const api of API_GENERATIONS) {
    const document = withFragments(doc, api);
    if (document !== operation.document) variants[api] = { ...operation, document };
  }
  return Object.keys(variants).length ? { ...operation, variants } : operation;
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
