import type { ModelRef } from '../../core/verdict.js';
import { UnresolvedModelError } from '../../datahub/resolve-model.js';

/**
 * A name that DataHub's search matches exactly one model for, though not by its exact name (`fraud` →
 * `fraud_detector_v4`): that model is the answer, and `picked` says so. Anything else fails as it did.
 */
export async function withSoleMatch<T>(
  ref: string,
  run: (ref: string) => Promise<T>,
): Promise<{ value: T; picked?: ModelRef }> {
  try {
    return { value: await run(ref) };
  } catch (err) {
    const only = err instanceof UnresolvedModelError && err.reason === 'ambiguous' && err.candidates.length === 1;
    if (!only) throw err;
    const picked = err.candidates[0]!;
    return { value: await run(picked.urn), picked };
  }
}
