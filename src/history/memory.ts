import type { Verdict } from '../core/verdict.js';
import {
  DEFAULT_HISTORY_DEPTH,
  entryOf,
  newestFirst,
  selectLatest,
  summaryOf,
  type LatestQuery,
  type ModelSummary,
  type VerdictHistory,
  type ScoreEntry,
} from './verdict-history.js';

/** Scan history for one process's lifetime: used when no Redis is configured. */
export class MemoryVerdictHistory implements VerdictHistory {
  readonly kind = 'memory';
  private readonly entries = new Map<string, ScoreEntry[]>();
  private readonly latestByModel = new Map<string, ModelSummary>();
  private readonly verdicts = new Map<string, Verdict>();

  constructor(private readonly depth = DEFAULT_HISTORY_DEPTH) {}

  async record(verdict: Verdict): Promise<void> {
    const urn = verdict.model.urn;
    const list = [...(this.entries.get(urn) ?? []), entryOf(verdict)].sort(newestFirst).slice(0, this.depth);
    this.entries.set(urn, list);
    const current = this.latestByModel.get(urn);
    if (!current || current.scannedAt <= verdict.scannedAt) {
      this.latestByModel.set(urn, summaryOf(verdict));
      this.verdicts.set(urn, verdict);
    }
  }

  async history(modelUrn: string, limit = this.depth): Promise<ScoreEntry[]> {
    return (this.entries.get(modelUrn) ?? []).slice(0, limit);
  }

  async latest(query?: LatestQuery): Promise<ModelSummary[]> {
    return selectLatest(this.latestByModel.values(), query);
  }

  async latestVerdict(modelUrn: string): Promise<Verdict | undefined> {
    return this.verdicts.get(modelUrn);
  }

  async latestOf(modelUrns: string[]): Promise<ModelSummary[]> {
    return modelUrns.flatMap((u) => this.latestByModel.get(u) ?? []);
  }

  async close(): Promise<void> {}
}
