import type { VerdictHistory } from '../../history/index.js';

/** What to tell an agent when the verdict history holds nothing to answer from. */
export function noScansNote(history: VerdictHistory): string {
  return history.kind === 'memory'
    ? 'no scans recorded yet; run janus scan with Redis configured (REDIS_URL), or ask trust_model about a model'
    : 'no scans recorded yet; run janus scan, or ask trust_model about a model';
}
