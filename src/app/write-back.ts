import type { Redis } from 'ioredis';
import type { Verdict } from '../core/verdict.js';
import type { JudgeDeps } from './judge-model.js';

export interface WriteBackDeps extends JudgeDeps {
  /** Locks per root cause when set (workers always have it); without it, Janus re-reads before raising. */
  redis?: Redis;
  /** Base URL of Janus's HTTP server, for the Model Impact Report links. */
  reportBaseUrl?: string;
}

export interface WriteOutcome {
  kind: string;
  target: string;
  error?: string;
}

export interface WriteBackResult {
  verdicts: Verdict[];
  applied: WriteOutcome[];
  failed: WriteOutcome[];
}

/** Judge the models, plan the writes that make DataHub match, apply them. (Lands with issue 4.) */
export async function writeBackModels(_deps: WriteBackDeps, _models: string[]): Promise<WriteBackResult> {
  throw new Error('writeBackModels: not implemented yet (write-back issue)');
}
