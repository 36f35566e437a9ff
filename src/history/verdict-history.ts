import type { Band } from '../core/score.js';
import type { Verdict } from '../core/verdict.js';

/** One past judgment of a model: what `score_history` shows. */
export interface ScoreEntry {
  scannedAt: string;
  score: number;
  band: Band;
}

/** The latest judgment of one model, as `list_at_risk_models` shows it. */
export interface ModelSummary extends ScoreEntry {
  urn: string;
  name: string;
  /** Keys of the verdict's findings (stable per root cause). */
  findings: string[];
  /** Its findings a person accepted, in force (docs/accepted-risk.md); absent when none. */
  accepted?: AcceptedSummary[];
}

/** An accepted finding as the lists show it: which, who, until when and why. */
export interface AcceptedSummary {
  key: string;
  detector: string;
  by: string;
  until: string;
  reason: string;
}

export interface LatestQuery {
  band?: Band;
  limit?: number;
}

/**
 * Where scan results are kept, so questions like "which models are at risk?" and "how has this score moved?"
 * are answered without judging the whole catalog again.
 */
export interface VerdictHistory {
  /** `redis` keeps results across processes; `memory` only for the life of this one. */
  readonly kind: 'redis' | 'memory';
  record(verdict: Verdict): Promise<void>;
  /** A model's past judgments, newest first. */
  history(modelUrn: string, limit?: number): Promise<ScoreEntry[]>;
  /** The latest judgment per model, lowest score first (then by name); only `band` when given. */
  latest(query?: LatestQuery): Promise<ModelSummary[]>;
  /** A model's latest full verdict (findings, evidence, blast radius), as recorded; undefined if none. */
  latestVerdict(modelUrn: string): Promise<Verdict | undefined>;
  /** The latest judgment of each of these models (those never recorded are left out). */
  latestOf?(modelUrns: string[]): Promise<ModelSummary[]>;
  close(): Promise<void>;
}

/** How many past judgments are kept per model. */
export const DEFAULT_HISTORY_DEPTH = 100;

export const entryOf = (v: Verdict): ScoreEntry => ({ scannedAt: v.scannedAt, score: v.score, band: v.band });

export const summaryOf = (v: Verdict): ModelSummary => ({
  urn: v.model.urn,
  name: v.model.name,
  ...entryOf(v),
  findings: v.findings.map((f) => f.key),
  ...(v.accepted?.length
    ? {
        accepted: v.accepted.map(({ finding: f, acceptance: a }) => ({
          key: f.key,
          detector: f.detector,
          by: a.by,
          until: a.until,
          reason: a.reason,
        })),
      }
    : {}),
});

/** Filter, order and cut the latest summaries: the one rule both implementations share. */
export function selectLatest(all: Iterable<ModelSummary>, query: LatestQuery = {}): ModelSummary[] {
  const picked = [...all].filter((s) => !query.band || s.band === query.band);
  picked.sort((a, b) => a.score - b.score || a.name.localeCompare(b.name) || a.urn.localeCompare(b.urn));
  return query.limit === undefined ? picked : picked.slice(0, query.limit);
}

/** Newest first by time of judgment (ISO timestamps in UTC order as strings). */
export const newestFirst = (a: ScoreEntry, b: ScoreEntry) =>
  a.scannedAt < b.scannedAt ? 1 : a.scannedAt > b.scannedAt ? -1 : 0;
