import { UsageError } from '../errors.js';
import type { ModelRef } from '../core/verdict.js';
import { closestByName } from '../core/closest-names.js';
import { clipEcho } from '../core/echo.js';
import { shortName } from '../core/names.js';
import { modelRefProblem } from '@janus/datahub-sim/urn';
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
export async function resolveModel(client: DataHubClient, raw: string): Promise<ModelRef> {
  const ref = checkedModelRef(raw);
  if (ref.startsWith('urn:')) return { urn: ref, name: shortName(ref) };
  const shown = clipEcho(ref);
  const found = await findModels(client, ref, 20);
  const exact = found.filter((m) => m.name === ref);
  const exactish = exact.length ? exact : found.filter((m) => m.name.toLowerCase() === ref.toLowerCase());
  if (exactish.length === 1) return exactish[0]!;
  if (exactish.length > 1 || found.length) {
    const candidates = exactish.length > 1 ? exactish : found;
    throw new UnresolvedModelError(
      `"${shown}" matches ${candidates.length} models; name one by urn:\n${candidates.map((c) => `  ${c.name}  ${c.urn}`).join('\n')}`,
      ref,
      'ambiguous',
      candidates,
    );
  }
  const all = await findModels(client, '*', 1000);
  if (!all.length)
    throw new UnresolvedModelError(
      `no model named "${shown}": DataHub at ${client.url} holds no ML models at all (is DATAHUB_GMS_URL the right DataHub, and has its ingestion run?)`,
      ref,
      'unknown',
      [],
    );
  const closest = closestByName(ref, all, (m) => m.name);
  throw new UnresolvedModelError(
    `no model named "${shown}" in DataHub${closest.length ? `; closest: ${closest.map((m) => m.name).join(', ')}` : ''}`,
    ref,
    'unknown',
    closest,
  );
}

/** A model ref trimmed and checked by DataHub's urn grammar before anything asks DataHub: a UsageError says what is wrong. */
export function checkedModelRef(raw: string): string {
  const ref = raw.trim();
  const problem = modelRefProblem(ref);
  if (problem) throw new UsageError(problem);
  return ref;
}
