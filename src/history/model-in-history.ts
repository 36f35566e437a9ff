import { closestByName } from '../core/closest-names.js';
import { shortName } from '../core/names.js';
import type { ModelRef } from '../core/verdict.js';
import { UsageError } from '../errors.js';
import type { ModelSummary } from './verdict-history.js';

/**
 * A model named by urn, or by name among the models the verdict history holds (no DataHub request): an exact name
 * wins, then one that differs only in case; several → an error listing their urns; none → the closest names.
 */
export function modelInHistory(ref: string, known: readonly ModelSummary[]): ModelRef {
  if (ref.startsWith('urn:li:mlModel:'))
    return { urn: ref, name: known.find((s) => s.urn === ref)?.name ?? shortName(ref) };
  const exact = known.filter((s) => s.name === ref);
  const matches = exact.length ? exact : known.filter((s) => s.name.toLowerCase() === ref.toLowerCase());
  if (matches.length === 1) return { urn: matches[0]!.urn, name: matches[0]!.name };
  if (matches.length > 1) {
    throw new UsageError(
      `"${ref}" names ${matches.length} models in the scan history; name one by urn:\n${matches.map((m) => `  ${m.name}  ${m.urn}`).join('\n')}`,
    );
  }
  if (!known.length)
    throw new UsageError(
      `no model named "${ref}" in the scan history: it is empty (janus scan and janus serve record it)`,
    );
  const closest = closestByName(ref, known, (s) => s.name).map((s) => s.name);
  throw new UsageError(`no model named "${ref}" in the scan history; closest: ${closest.join(', ')}`);
}
