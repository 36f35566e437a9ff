import type { Verdict } from '../core/verdict.js';
import { resolveModel } from '../datahub/resolve-model.js';
import type { VerdictHistory } from '../history/index.js';
import type { Logger } from '../log.js';
import { judgeModel, type JudgeDeps } from './judge-model.js';

export interface CurrentVerdictDeps extends JudgeDeps {
  /** Where whole-catalog scans record every model's latest verdict. */
  history: VerdictHistory;
  /** A recorded verdict at most this old (ms) is the answer; an older one is judged again. */
  maxAgeMs: number;
  logger?: Logger;
}

/** Where the verdict came from: the latest scan (and when it ran), or a judgment made for this question. */
export type VerdictSource = { kind: 'scan'; scannedAt: string } | { kind: 'live' };

export interface CurrentVerdict {
  verdict: Verdict;
  source: VerdictSource;
}

/**
 * A model's verdict, as fresh as `maxAgeMs` asks: the latest scan's when it is young enough (a scan keeps every
 * model's verdict fresh, and one model's live walk can reach thousands of entities), else judged now.
 * An unknown or ambiguous name fails with UnresolvedModelError; a history that cannot be read is skipped.
 */
export async function currentVerdict(deps: CurrentVerdictDeps, ref: string): Promise<CurrentVerdict> {
  const model = await resolveModel(deps.client, ref);
  const recorded = await deps.history.latestVerdict(model.urn).catch((err: unknown) => {
    deps.logger?.warn(
      { model: model.urn, err: err instanceof Error ? err.message : String(err) },
      'scan history not read; judging live',
    );
    return undefined;
  });
  const now = (deps.now ?? Date.now)();
  if (recorded && now - Date.parse(recorded.scannedAt) <= deps.maxAgeMs)
    return { verdict: recorded, source: { kind: 'scan', scannedAt: recorded.scannedAt } };
  const { verdict } = await judgeModel(deps, model.urn);
  return { verdict, source: { kind: 'live' } };
}
