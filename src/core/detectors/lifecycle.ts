import { finding, type Finding } from '../finding.js';
import { upstreamClosure, type EntityNode, type UpstreamGraph } from '../graph.js';
import type { DetectContext } from './context.js';

/** An upstream entity DataHub marks deprecated (`deprecation.deprecated`). */
export function deprecatedUpstream(g: UpstreamGraph, ctx: DetectContext): Finding[] {
  return upstreamClosure(g, g.model).flatMap((urn) => deprecatedOf(g.nodes[urn], ctx));
}

/** An upstream entity DataHub has soft-deleted (`status.removed`). */
export function removedUpstream(g: UpstreamGraph, ctx: DetectContext): Finding[] {
  return upstreamClosure(g, g.model).flatMap((urn) => removedOf(g.nodes[urn], ctx));
}

export function deprecatedOf(n: EntityNode | undefined, ctx: DetectContext): Finding[] {
  if (!n?.deprecated) return [];
  const note = n.deprecated.note ? ` (${n.deprecated.note})` : '';
  return [
    finding(ctx.policy, 'deprecated_upstream', {
      entity: n.urn,
      key: `deprecated_upstream:${n.urn}`,
      message: `${n.name} is deprecated${note}.`,
      evidence: { note: n.deprecated.note ?? null },
    }),
  ];
}

export function removedOf(n: EntityNode | undefined, ctx: DetectContext): Finding[] {
  if (!n?.removed) return [];
  return [
    finding(ctx.policy, 'removed_upstream', {
      entity: n.urn,
      key: `removed_upstream:${n.urn}`,
      message: `${n.name} has been removed from DataHub but the model still depends on it.`,
      evidence: {},
    }),
  ];
}
