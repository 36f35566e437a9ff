import type { Finding, Severity } from '../finding.js';
import type { EntityNode, UpstreamGraph } from '../graph.js';
import type { DetectContext } from './context.js';

/**
 * A detector, as one file declares it (registry.ts lists them): its name, default weight and severity, the facts it
 * reads, its rule, and its phrasing. Everything else (the config schema, JSON, the docs table, Argos, incidents, the
 * report, MCP advice, the engine's shared passes) is derived from the registration.
 */
export type Detector = EntityDetector | ModelDetector;

/** What of DataHub a rule reads (the docs table lists them). */
export type Fact =
  | 'lineage'
  | 'column lineage'
  | 'schema'
  | 'label'
  | 'features'
  | 'owners'
  | 'job runs'
  | 'assertion results'
  | 'last update'
  | 'freshness SLA'
  | 'deprecation'
  | 'status';

/** What a rule says of a finding; the policy adds its severity and weight. */
export type FindingFields = Pick<Finding, 'entity' | 'key' | 'message' | 'evidence'>;

interface DetectorBase {
  /** The finding keys start with it (`<name>:…`): changing it orphans what Janus wrote into DataHub. */
  name: string;
  /** What it finds, in one line (the docs table). */
  summary: string;
  /** Defaults; `judge.detectors.<name>.severity` / `.weight` override them. */
  severity: Severity;
  weight: number;
  needs: readonly Fact[];
  /**
   * Who its finding hurts. `downstream`: every model downstream of its entity (that dataset is in their blast radius,
   * and the finding clears once the dataset is read without it). `model`: only the models that have it (a leak: the
   * other readers of a shared column do not see their own label in it); it clears model by model.
   */
  blastRadius: 'downstream' | 'model';
  /** The DataHub incident its root cause raises. */
  incident: { type: string; customType?: string };
  phrasing: Phrasing;
}

/** A rule on one upstream entity, whatever model reaches it: judged once per entity and judgment run. */
export interface EntityDetector extends DetectorBase {
  scope: 'entity';
  /**
   * Trouble that travels downstream (a stale or failing table makes what is built from it suspect): a finding below
   * another such finding is folded into that root cause's evidence and deducts nothing itself.
   */
  travels: boolean;
  /** The rule: this entity's findings. */
  findings(g: UpstreamGraph, n: EntityNode, ctx: DetectContext): FindingFields[];
  /** Trouble a dataset has from a job producing it (travels like the detector's own findings). */
  producers?: ProducerRule;
}

/** A rule on one model's own graph (its features, label, first-hop inputs). */
export interface ModelDetector extends DetectorBase {
  scope: 'model';
  findings(g: UpstreamGraph, ctx: DetectContext): FindingFields[];
}

/**
 * A job in trouble troubles the datasets it produces. One finding per job a model reads a product of, on the first
 * of those products (by urn), naming them all in its evidence's `produces` (sorted): the engine folds it by them.
 */
export interface ProducerRule {
  troubled(job: EntityNode | undefined): boolean;
  finding(g: UpstreamGraph, job: string, produces: string[]): FindingFields;
}

/** How every surface words a finding of the detector. */
export interface Phrasing {
  /** What kind of trouble it finds, as an alert's header names it before the entity (`Upstream failure`). */
  trouble: string;
  /** Argos: one sentence grounded in the finding. */
  sentence(f: Finding): string;
  /** The title of the incident its root cause raises (without the `[Janus] ` prefix). */
  title(f: Finding, dataset: string): string;
  /** Lines of the incident's description after the finding's message (the evidence a reader checks). */
  details?(f: Finding): string[];
  /** What the resolution message says cleared. */
  cleared(dataset: string): string;
  /** The report's evidence list (and, for column chains, the chains drawn under it). */
  report(f: Finding): ReportEvidence;
  /** How the report's lineage picture draws the finding's trouble. */
  picture(f: Finding): Stroke[];
  /** What to do about it, step by step (MCP `explain_finding`); the graph, when known, names producing jobs. */
  advice(f: Finding, graph?: UpstreamGraph): string[];
}

/** A value in the report's evidence list, as plain data: the report escapes, links and formats it. */
export type EvidenceValue =
  /** An entity (linked to DataHub), with an optional muted note after it in parentheses. */
  | { entity: unknown; note?: string }
  /** Entities, comma separated; `none`: a muted text when the list is empty. */
  | { entities: unknown; none?: string }
  | { code: unknown }
  /** An instant in ms (`unknown` when missing). */
  | { time: unknown }
  | { text: unknown; note?: string }
  | { muted: string };

export interface ReportEvidence {
  facts: [label: string, value: EvidenceValue][];
  /** Column chains (feature → shared ancestor → label), drawn as steps. */
  chains?: { chains: string[][]; shared: string; label: string };
}

/** One step of drawing a finding: its severity colours what it touches. */
export type Stroke =
  /** An offending entity, tagged, and the path from it down to the model. */
  | { trouble: string; tag: string }
  /** An entity on the way, tagged. */
  | { mark: string; tag: string }
  | { link: string; to: string }
  /** A leak's column chains (evidence `feature`, `label`, `sharedAncestor`, `chains`); `otherwise`, when they do not parse. */
  | { chains: Record<string, unknown>; otherwise: { trouble: string; tag: string } };

/** Declares a detector whose rule reads one entity (the identity, typed: its fields are checked where it is written). */
export const entityDetector = (d: Omit<EntityDetector, 'scope'>): EntityDetector => ({ scope: 'entity', ...d });

/** Declares a detector whose rule reads one model's graph. */
export const modelDetector = (d: Omit<ModelDetector, 'scope'>): ModelDetector => ({ scope: 'model', ...d });
