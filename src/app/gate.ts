import { clipEcho } from '../core/echo.js';
import type { Limit } from '../core/limit.js';
import type { GateConfig } from '../config/gate.js';
import { UsageError } from '../errors.js';
import { severityRank, type Finding, type Severity } from '../core/finding.js';
import type { Verdict } from '../core/verdict.js';
import { verdictChanges, type ModelChanges } from '../core/verdict-changes.js';
import { judgeModel, type JudgeDeps } from './judge-model.js';

export interface GateResult {
  verdict: Verdict;
  /** The findings that block the merge under the gate's threshold. */
  blocking: Finding[];
  /** Why the model is blocked when it is not a finding (e.g. below --min-score). */
  reasons: string[];
}

export interface GatePolicy {
  /** Block on a finding of this severity or worse (`none`: findings never block). */
  failOn: Severity | 'none';
  /** Block when the score is below this. */
  minScore?: number;
}

/** Which findings block a model under the gate's policy. Pure. */
export function gateVerdict(verdict: Verdict, p: GatePolicy): GateResult {
  const blocking =
    p.failOn === 'none'
      ? []
      : verdict.findings.filter((f) => severityRank(f.severity) >= severityRank(p.failOn as Severity));
  const reasons =
    p.minScore !== undefined && verdict.score < p.minScore
      ? [`score ${verdict.score} is below the minimum ${p.minScore}`]
      : [];
  return { verdict, blocking, reasons };
}

export const isBlocked = (r: GateResult) => r.blocking.length > 0 || r.reasons.length > 0;

/**
 * One model judged for the gate: with the proposed lineage (`deps.proposed`), and when there is one, also without it:
 * the catalog as it stands (`before`), at the same instant. The second judgment reads what the first read: with the
 * run's `cache` and `scrolls`, and no blast radius of its own (only its findings are compared), it asks DataHub for
 * nothing the first did not.
 */
export async function gateModel(
  deps: JudgeDeps,
  policy: GatePolicy,
  ref: string,
): Promise<{ result: GateResult; before?: GateResult }> {
  const now = (deps.now ?? Date.now)();
  const at = { ...deps, now: () => now };
  const { verdict } = await judgeModel(at, ref);
  const result = gateVerdict(verdict, policy);
  if (!deps.proposed) return { result };
  const { proposed: _proposed, readLimit: _limit, ...asItStands } = at;
  // compared by its findings alone: the blast radius of what offends only without the change is not read
  const before = gateVerdict(
    (await judgeModel({ ...asItStands, blastRadius: false }, verdict.model.urn)).verdict,
    policy,
  );
  return { result, before };
}

/** What the proposed change does to each model: its gate results with the change compared with those without. */
export function gateChanges(before: GateResult[], after: GateResult[]): ModelChanges[] {
  const gated = (r: GateResult) => ({ ...r, blocked: isBlocked(r) });
  return verdictChanges(before.map(gated), after.map(gated));
}

/**
 * The bounds of what a proposed lineage may make one gate run do (`gate.*`, docs/gate.md): the edges its file may
 * propose, and the entities judging a model with it may read. Past either, a usage error (exit 2) naming the setting,
 * its value and the count, before DataHub is read any further.
 */
export function proposalLimits(c: GateConfig, file: string): { edges: Limit; entities: Limit } {
  const n = (x: number) => x.toLocaleString('en-US');
  const shown = clipEcho(file);
  return {
    edges: {
      max: c.maxLineageEdges,
      exceeded: (count) =>
        new UsageError(
          `lineage file ${shown}: proposes ${n(count)} edges, more than gate.maxLineageEdges (${n(c.maxLineageEdges)}; env JANUS_GATE_MAX_LINEAGE_EDGES): a lineage file proposes a change, not a catalog; split it, or raise the limit`,
        ),
    },
    entities: {
      max: c.maxEntitiesRead,
      exceeded: (count) =>
        new UsageError(
          `lineage file ${shown}: judging with it would read at least ${n(count)} entities from DataHub, more than gate.maxEntitiesRead (${n(c.maxEntitiesRead)}; env JANUS_GATE_MAX_ENTITIES_READ); propose a smaller change, or raise the limit`,
        ),
    },
  };
}
