import { clipEcho } from '../../core/echo.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { UsageError } from '../../errors.js';
import type { Finding } from '../../core/finding.js';
import type { UpstreamGraph } from '../../core/graph.js';
import { shortName } from '../../core/names.js';
import type { Verdict } from '../../core/verdict.js';
import { adviceFor } from '../advice.js';
import type { JanusMcpDeps } from '../deps.js';
import { chainOf, lineagePath, type Chain } from '../lineage-path.js';
import { answer, guard } from '../result.js';
import { explainOutput, modelArg } from '../schemas.js';
import { effectsOf } from '../../core/effects.js';

export function registerExplainFinding(server: McpServer, deps: JanusMcpDeps): void {
  server.registerTool(
    'explain_finding',
    {
      title: 'Explain one finding',
      description:
        'One finding on a model in depth: its full evidence, the column chains (target leakage) or the lineage path from the offending entity to the model, what else it explains, which models it reaches, and what to do about it. `key` is a finding key from trust_model, or any unique part of one (such as the detector name). Read-only.',
      inputSchema: {
        model: modelArg,
        key: z
          .string()
          .min(1)
          .describe('the finding key from trust_model, or a unique part of it (e.g. target_leakage)'),
      },
      outputSchema: explainOutput,
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    ({ model, key }) =>
      guard('explain_finding', deps.logger, async () => {
        const { verdict, graph } = await deps.judge(model);
        const f = pickFinding(verdict, key);
        const explained = explain(verdict, graph, f);
        return answer(explainText(explained), explained);
      }),
  );
}

/** The finding with exactly this key, else the only one whose key contains it; otherwise a usage error naming the keys. */
export function pickFinding(v: Verdict, key: string): Finding {
  const exact = v.findings.find((f) => f.key === key);
  if (exact) return exact;
  const partial = v.findings.filter((f) => f.key.toLowerCase().includes(key.toLowerCase()));
  if (partial.length === 1) return partial[0]!;
  if (!v.findings.length)
    throw new UsageError(`${v.model.name} has no findings (score ${v.score}, ${v.band}); nothing to explain`);
  const among = partial.length ? partial : v.findings;
  const what = partial.length
    ? `"${clipEcho(key)}" matches ${partial.length} findings`
    : `${v.model.name} has no finding "${clipEcho(key)}"`;
  throw new UsageError(`${what}; its finding keys:\n${among.map((f) => `  ${f.key}`).join('\n')}`);
}

function explain(v: Verdict, graph: UpstreamGraph, f: Finding) {
  const chains = Array.isArray(f.evidence.chains) ? (f.evidence.chains as string[][]).map(chainOf) : [];
  const path = lineagePath(graph, f.entity);
  const effects = effectsOf(f);
  return {
    model: v.model,
    key: f.key,
    detector: f.detector,
    severity: f.severity,
    weight: f.weight,
    entity: { urn: f.entity, name: graph.nodes[f.entity]?.name ?? shortName(f.entity) },
    message: f.message,
    evidence: f.evidence,
    chains,
    lineage: path ? chainOf(path) : null,
    downstreamEffects: effects.listed,
    downstreamDatasets: effects.datasets,
    blastRadius: v.blastRadius.find((b) => b.dataset === f.entity)?.models ?? [],
    advice: adviceFor(f, graph),
  };
}

function explainText(x: ReturnType<typeof explain>): string {
  const lines = [
    `${x.detector} on ${x.model.name} (${x.severity}, -${x.weight}): ${x.message}`,
    `Offending entity: ${x.entity.name}  ${x.entity.urn}`,
  ];
  if (x.chains.length)
    lines.push('', 'Column chains (feature → shared ancestor → label):', ...x.chains.map((c: Chain) => `  ${c.text}`));
  if (x.lineage) lines.push('', `Lineage to the model: ${x.lineage.text}`);
  const more = x.downstreamDatasets - new Set(x.downstreamEffects.map((e) => e.entity)).size;
  if (x.downstreamEffects.length)
    lines.push('', 'It also explains:', ...x.downstreamEffects.map((e) => `  ${shortName(e.entity)}: ${e.message}`));
  if (more > 0) lines.push(`  and ${more} more downstream datasets`);
  const others = x.blastRadius.filter((m) => m.urn !== x.model.urn);
  if (others.length) lines.push('', `It also reaches: ${others.map((m) => m.name).join(', ')}`);
  lines.push('', 'What to do:', ...x.advice.map((a, i) => `  ${i + 1}. ${a}`));
  lines.push('', `Key: ${x.key}`);
  return lines.join('\n');
}
