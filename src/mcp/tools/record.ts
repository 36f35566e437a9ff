import type { Verdict } from '../../core/verdict.js';
import type { JanusMcpDeps } from '../deps.js';

/** Keeps a fresh verdict in the verdict history; a history that cannot be written never costs the caller the verdict. */
export async function recordQuietly(deps: JanusMcpDeps, verdict: Verdict): Promise<void> {
  try {
    await deps.history.record(verdict);
  } catch (err) {
    deps.logger?.warn(
      { model: verdict.model.urn, err: err instanceof Error ? err.message : String(err) },
      'could not record the verdict in the scan history',
    );
  }
}
