import fs from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import type { ProposedLineage } from '../core/proposed-lineage.js';
import { UsageError } from '../errors.js';

/** DataHub's file-based lineage format (the `datahub-lineage-file` source), version 1. */
const entitySchema = z.object({
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

const datasetUrn = (e: NodeConfig['entity']) =>
  `urn:li:dataset:(urn:li:dataPlatform:${e.platform},${e.platform_instance ? `${e.platform_instance}.` : ''}${e.name},${e.env})`;

/** Parses a lineage YAML into the edges it proposes; a malformed file is a usage error naming the problem. */
export function parseLineageFile(text: string, source = 'lineage file'): ProposedLineage {
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
  const visit = (node: NodeConfig) => {
    const down = datasetUrn(node.entity);
    for (const up of node.upstream ?? []) {
      proposal.edges.push({ down, up: datasetUrn(up.entity) });
      visit(up);
    }
    for (const fg of node.fineGrainedLineages ?? []) {
      for (const d of fg.downstreams) for (const u of fg.upstreams) proposal.columns.push({ down: d, up: u });
    }
  };
  parsed.data.lineage.forEach(visit);
  return proposal;
}

/** The largest lineage file `--lineage` reads (docs/gate.md): a proposal of a change, not a catalog dump. */
export const LINEAGE_FILE_MAX_BYTES = 8 * 1024 * 1024;
/** How deep `upstream` lists may nest in a lineage file. */
export const LINEAGE_FILE_MAX_DEPTH = 64;

/**
 * Reads at most LINEAGE_FILE_MAX_BYTES of a file (a device such as /dev/zero, or a FIFO, included): past that,
 * a usage error saying the limit, having read no more than it.
 */
export function readLineageFile(file: string, maxBytes = LINEAGE_FILE_MAX_BYTES): ProposedLineage {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new UsageError(
      `lineage file ${file}: cannot be read${code === 'ENOENT' ? ' (no such file)' : code ? ` (${code})` : ''}`,
    );
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    if (fs.fstatSync(fd).isDirectory()) throw new UsageError(`lineage file ${file}: is a folder`);
    const buf = Buffer.alloc(64 * 1024);
    for (;;) {
      const n = fs.readSync(fd, buf, 0, buf.length, null);
      if (n === 0) break;
      size += n;
      if (size > maxBytes)
        throw new UsageError(
          `lineage file ${file}: larger than the limit of ${maxBytes.toLocaleString('en-US')} bytes (a lineage file proposes a change: split it)`,
        );
      chunks.push(Buffer.from(buf.subarray(0, n)));
    }
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(
      `lineage file ${file}: cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`,
    );
  } finally {
    fs.closeSync(fd);
  }
  return parseLineageFile(Buffer.concat(chunks, size).toString('utf8'), file);
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
