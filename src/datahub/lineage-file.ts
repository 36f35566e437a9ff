import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import type { ProposedLineage } from '../core/proposed-lineage.js';
import type { Limit } from '../core/limit.js';
import { UsageError } from '../errors.js';
import { clipEcho } from '../core/echo.js';
import { FileProblem, readRegularFile } from '../runtime/regular-file.js';

/** DataHub's file-based lineage format (the `datahub-lineage-file` source), version 1. */
export const entitySchema = z.object({
  name: z.string().min(1),
  type: z.literal('dataset').default('dataset'),
  env: z.string().default('PROD'),
  platform: z.string().min(1),
  platform_instance: z.string().optional(),
});

const fineGrainedSchema = z.object({
  upstreamType: z.string().default('FIELD_SET'),
  upstreams: z.array(z.string().startsWith('urn:li:schemaField:')).default([]),
  downstreamType: z.string().default('FIELD_SET'),
  downstreams: z.array(z.string().startsWith('urn:li:schemaField:')).default([]),
  transformOperation: z.string().optional(),
  confidenceScore: z.number().optional(),
});

interface NodeConfig {
  entity: z.infer<typeof entitySchema>;
  upstream?: NodeConfig[];
  fineGrainedLineages?: z.infer<typeof fineGrainedSchema>[];
}
const nodeSchema: z.ZodType<NodeConfig> = z.lazy(() =>
  z.object({
    entity: entitySchema,
    upstream: z.array(nodeSchema).optional(),
    fineGrainedLineages: z.array(fineGrainedSchema).optional(),
  }),
);

const fileSchema = z.object({ version: z.union([z.literal(1), z.literal('1')]), lineage: z.array(nodeSchema) });

export const datasetUrn = (e: NodeConfig['entity']) =>
  `urn:li:dataset:(urn:li:dataPlatform:${e.platform},${e.platform_instance ? `${e.platform_instance}.` : ''}${e.name},${e.env})`;

/** Parses a lineage YAML into the edges it proposes; a malformed file is a usage error naming the problem. */
export function parseLineageFile(text: string, source = 'lineage file', maxEdges?: Limit): ProposedLineage {
  let raw: unknown;
  try {
    raw = parseYaml(text);
  } catch (e) {
    throw new UsageError(`${source}: not valid YAML (${(e as Error).message.split('\n')[0]})`);
  }
  // each `upstream` level is two levels of YAML (the list, the node); zod and the walk below recurse
  if (depthOver(raw, 2 * LINEAGE_FILE_MAX_DEPTH + 4))
    throw new UsageError(`${source}: nested deeper than ${LINEAGE_FILE_MAX_DEPTH} upstream levels`);
  const parsed = fileSchema.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new UsageError(`${source}: not a DataHub lineage file (version 1):\n  ${issues.join('\n  ')}`);
  }
  const proposal: ProposedLineage = { edges: [], columns: [] };
  // past the limit the edges are only counted (a column set by its product: 40,000 × 40,000 fit in 8 MB), so the
  // error can say how many the file proposes without building them
  let count = 0;
  const within = (n: number) => (count += n) <= (maxEdges?.max ?? Infinity);
  const visit = (node: NodeConfig) => {
    const down = datasetUrn(node.entity);
    for (const up of node.upstream ?? []) {
      if (within(1)) proposal.edges.push({ down, up: datasetUrn(up.entity) });
      visit(up);
    }
    for (const fg of node.fineGrainedLineages ?? []) {
      if (!within(fg.downstreams.length * fg.upstreams.length)) continue;
      for (const d of fg.downstreams) for (const u of fg.upstreams) proposal.columns.push({ down: d, up: u });
    }
  };
  parsed.data.lineage.forEach(visit);
  if (maxEdges && count > maxEdges.max) throw maxEdges.exceeded(count);
  return proposal;
}

/** The largest lineage file `--lineage` reads (docs/gate.md): a proposal of a change, not a catalog dump. */
export const LINEAGE_FILE_MAX_BYTES = 8 * 1024 * 1024;
/** How deep `upstream` lists may nest in a lineage file. */
export const LINEAGE_FILE_MAX_DEPTH = 64;

/**
 * Reads a lineage file of at most LINEAGE_FILE_MAX_BYTES, reading no further: a FIFO or a device (/dev/zero) is
 * refused before a byte is read, a larger file at the limit; each a usage error naming the file and why.
 */
export function readLineageFile(
  file: string,
  maxBytes = LINEAGE_FILE_MAX_BYTES,
  /** The most edges (dataset and column) the file may propose. */
  maxEdges?: Limit,
): ProposedLineage {
  let text: string;
  try {
    text = readRegularFile(file, maxBytes);
  } catch (e) {
    if (!(e instanceof FileProblem)) throw e;
    const hint = e.message.startsWith('larger') ? ' (a lineage file proposes a change: split it)' : '';
    throw new UsageError(`lineage file ${clipEcho(file)}: ${e.message}${hint}`);
  }
  return parseLineageFile(text, clipEcho(file), maxEdges);
}

/** How deep a parsed value nests (objects and arrays), counted without recursion, up to `limit + 1`. */
function depthOver(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (d > limit) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, d + 1]);
  }
  return false;
}
