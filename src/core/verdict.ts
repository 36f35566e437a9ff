import type { AcceptedFinding, LapsedAcceptance } from './acceptance/acceptance.js';
import { honourAcceptances } from './acceptance/honour.js';
import { acceptancesOf } from './acceptance/stored.js';
import { datasetAcceptances } from './acceptance/on-datasets.js';
import { resolveLabel, type Label } from './conventions/label.js';
import { detectPlaced, upstreamCountOf } from './detectors/index.js';
import { offendingDatasets } from './detectors/offending.js';
import type { Finding } from './finding.js';
import type { UpstreamGraph } from './graph.js';
import { score, type Band, type Deduction } from './score.js';
import type { JudgmentSession } from './session.js';

export type { JudgePolicy } from './session.js';

export interface ModelRef {
  urn: string;
  name: string;
}

/** Models by name, then urn: how the catalog lists them, and the order of every list of models below a dataset. */
export const byModelName = (a: ModelRef, b: ModelRef) => a.name.localeCompare(b.name) || a.urn.localeCompare(b.urn);

export interface BlastRadius {
  dataset: string;
  models: ModelRef[];
}

/** An entity the judgment needed that DataHub failed to answer for (a field error, a read that timed out). */
export interface UnreadEntity {
  urn: string;
  /** What DataHub said. */
  error: string;
}

/** Janus's judgment of one model: the one object every surface (CLI, JSON, Slack, report, MCP) renders. */
export interface Verdict {
  model: ModelRef;
  score: number;
  band: Band;
  /** The findings that count (an accepted one is under `accepted`). */
  findings: Finding[];
  deductions: Deduction[];
  capped?: { by: string; severity: string };
  /** Findings a person accepted, in force: shown, weighing nothing (docs/accepted-risk.md). Absent when none. */
  accepted?: AcceptedFinding[];
  /** Findings whose acceptance lapsed (ended, or the finding grew): they count again. Absent when none. */
  lapsed?: LapsedAcceptance[];
  blastRadius: BlastRadius[];
  label?: Label;
  /** How many entities the upstream walk reached. */
  upstreamCount: number;
  /**
   * Entities this model's judgment needed that DataHub could not answer for: judged unknown (left out of the graph,
   * with whatever lies only above them), so the verdict holds for the rest. Absent when every read stood.
   */
  unread?: UnreadEntity[];
  scannedAt: string;
  datahub: string;
}

/** The judgment before the blast radius is known: label, findings, score. */
export interface Assessment {
  label?: Label;
  /** The findings that count. */
  findings: Finding[];
  score: ReturnType<typeof score>;
  accepted?: AcceptedFinding[];
  lapsed?: LapsedAcceptance[];
  /** Datasets holding a finding: where evidence is written, and whose downstream models are the blast radius. */
  offending: string[];
  /** How many entities are upstream of the model. */
  upstreamCount: number;
}

/** Detect and score, in a judgment run (its policy and instant). Pure. */
export function assess(session: JudgmentSession, graph: UpstreamGraph): Assessment {
  const label = resolveLabel(graph);
  const { findings, entityIds } = detectPlaced(session, graph, label);
  const offending = offendingDatasets(session, graph, findings, entityIds);
  // acceptances in force take their findings out of the score, not out of sight (nor out of the blast radius): the
  // caller's (a repository's file), the model's own in DataHub and its findings' datasets' (read with them)
  const stored = [
    ...acceptancesOf(graph.nodes[graph.model]?.structuredProperties ?? {}),
    ...datasetAcceptances(graph, findings),
  ];
  const given = session.policy.acceptances ?? [];
  const all = stored.length ? [...given, ...stored] : given;
  const { counted, accepted, lapsed } = honourAcceptances(findings, all, session.context.now);
  return {
    ...(label ? { label } : {}),
    findings: counted,
    score: score(counted, session.policy.bands),
    ...(accepted.length ? { accepted } : {}),
    ...(lapsed.length ? { lapsed } : {}),
    offending,
    upstreamCount: upstreamCountOf(session, graph),
  };
}

/** The verdict, once the models downstream of each offending dataset have been read. */
export function verdictOf(
  session: JudgmentSession,
  graph: UpstreamGraph,
  a: Assessment,
  /** The models below each offending dataset: read for this verdict, or the catalog's (a lookup, not a record a model). */
  downstream: Record<string, ModelRef[]> | ((dataset: string) => ModelRef[] | undefined),
  meta: { now: number; datahub: string; unread?: UnreadEntity[] },
): Verdict {
  const model = graph.nodes[graph.model]!;
  const entryOf = blastEntries(session, graph, downstream);
  return {
    model: { urn: model.urn, name: model.name },
    score: a.score.score,
    band: a.score.band,
    findings: a.findings,
    deductions: a.score.deductions,
    ...(a.score.capped ? { capped: a.score.capped } : {}),
    ...(a.accepted ? { accepted: a.accepted } : {}),
    ...(a.lapsed ? { lapsed: a.lapsed } : {}),
    blastRadius: a.offending.map(entryOf),
    ...(a.label ? { label: a.label } : {}),
    upstreamCount: a.upstreamCount,
    ...(meta.unread?.length ? { unread: meta.unread } : {}),
    scannedAt: new Date(meta.now).toISOString(),
    datahub: meta.datahub,
  };
}

/** The run's entries, each made once per dataset and list of models (a catalog scan's verdicts name the same lists). */
interface BlastEntries {
  byList: WeakMap<ModelRef[], Map<string, BlastRadius>>;
  /** A lookup's entries by dataset: a catalog's lookup gives a dataset the same list all run. */
  byLookup: WeakMap<(dataset: string) => ModelRef[] | undefined, Map<string, BlastRadius>>;
}

/** Each offending dataset's entry: looked up once per dataset and run when the models below come from a lookup. */
function blastEntries(
  session: JudgmentSession,
  graph: UpstreamGraph,
  downstream: Record<string, ModelRef[]> | ((dataset: string) => ModelRef[] | undefined),
): (dataset: string) => BlastRadius {
  const entries = session.derived(graph, 'blast-entries', (): BlastEntries => ({
    byList: new WeakMap(),
    byLookup: new WeakMap(),
  }));
  const entry = (dataset: string, models: ModelRef[] | undefined): BlastRadius => {
    if (!models) return { dataset, models: [] };
    let byDataset = entries.byList.get(models);
    if (!byDataset) entries.byList.set(models, (byDataset = new Map()));
    let made = byDataset.get(dataset);
    if (!made) byDataset.set(dataset, (made = { dataset, models }));
    return made;
  };
  if (typeof downstream !== 'function') return (dataset) => entry(dataset, downstream[dataset]);
  let looked = entries.byLookup.get(downstream);
  if (!looked) entries.byLookup.set(downstream, (looked = new Map()));
  const known = looked;
  return (dataset) => {
    let made = known.get(dataset);
    if (!made) known.set(dataset, (made = entry(dataset, downstream(dataset))));
    return made;
  };
}
