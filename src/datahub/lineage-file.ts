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

export function readLineageFile(file: string): ProposedLineage {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    throw new UsageError(`lineage file ${file}: cannot be read`);
  }
  return parseLineageFile(text, file);
}
