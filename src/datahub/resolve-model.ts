import { UsageError } from '../errors.js';
import type { ModelRef } from '../core/verdict.js';
import { shortName } from '../core/names.js';
import type { DataHubClient } from './client.js';
import { findModels } from './queries/search-models.js';

/** A name that names no model, or several: the candidates (closest first) let a surface offer them. */
export class UnresolvedModelError extends UsageError {
  constructor(
    message: string,
    readonly ref: string,
    readonly reason: 'unknown' | 'ambiguous',
    readonly candidates: ModelRef[],
  ) {
    super(message);
  }
}

/**
 * A model by urn, or by name through DataHub search: an exact name wins; several exact or only inexact
 * matches → an error listing the candidates with urns; none → an error with the closest names.
 */
export async function resolveModel(client: DataHubClient, ref: string): Promise<ModelRef> {
  if (ref.startsWith('urn:li:mlModel:')) return { urn: ref, name: shortName(ref) };
  const found = await findModels(client, ref, 20);
  const exact = found.filter((m) => m.name === ref);
  const exactish = exact.length ? exact : found.filter((m) => m.name.toLowerCase() === ref.toLowerCase());
  if (exactish.length === 1) return exactish[0]!;
  if (exactish.length > 1 || found.length) {
    const candidates = exactish.length > 1 ? exactish : found;
    throw new UnresolvedModelError(`"${ref}" matches ${candidates.length} models; name one by urn:\n${candidates.map((c) => `  ${c.name}  ${c.urn}`).join('\n')}`, ref, 'ambiguous', candidates);
  }
  const all = await findModels(client, '*', 1000);
  const closest = all
    .map((m) => ({ m, d: distance(ref.toLowerCase(), m.name.toLowerCase()) }))
    .sort((a, b) => a.d - b.d || a.m.name.localeCompare(b.m.name))
    .slice(0, 3)
    .map((x) => x.m);
  throw new UnresolvedModelError(`no model named "${ref}" in DataHub${closest.length ? `; closest: ${closest.map((m) => m.name).join(', ')}` : ''}`, ref, 'unknown', closest);
}


/** Levenshtein distance, for "closest names". */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length]!;
}
