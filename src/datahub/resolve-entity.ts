import { onModellingTool } from '../core/sibling-reads.js';
import { shortName } from '../core/names.js';
import { UsageError } from '../errors.js';
import type { DataHubClient } from './client.js';
import { searchDatasetsOp } from './queries/alert-routing.js';
import { resolveModel, UnresolvedModelError } from './resolve-model.js';

/** A model or a dataset, as `/janus snooze` names it. */
export interface EntityRef {
  urn: string;
  name: string;
  kind: 'model' | 'dataset';
}

/**
 * A model or dataset by urn, or by name: a model's name first (DataHub search, as `/janus trust` resolves it), then
 * a dataset's (`analytics.stg_sessions` or `stg_sessions`: one exact match). Unknown or ambiguous → UsageError.
 */
export async function resolveModelOrDataset(client: DataHubClient, ref: string): Promise<EntityRef> {
  if (ref.startsWith('urn:li:dataset:')) return { urn: ref, name: shortName(ref), kind: 'dataset' };
  if (ref.startsWith('urn:li:mlModel:')) return { urn: ref, name: shortName(ref), kind: 'model' };
  try {
    const m = await resolveModel(client, ref);
    return { ...m, kind: 'model' };
  } catch (err) {
    if (!(err instanceof UnresolvedModelError) || err.reason !== 'unknown') throw err;
  }
  const dataset = await findDatasetByName(client, ref);
  if (dataset) return dataset;
  throw new UsageError(`no model or dataset named "${ref}" in DataHub`);
}

/**
 * A dataset by urn, or by one exact name (`analytics.stg_sessions` or `stg_sessions`); undefined when none matches.
 * Several exact matches → UsageError naming them.
 */
export async function findDatasetByName(client: DataHubClient, ref: string): Promise<EntityRef | undefined> {
  if (ref.startsWith('urn:li:dataset:')) return { urn: ref, name: shortName(ref), kind: 'dataset' };
  const data = await client.request(searchDatasetsOp, { query: ref, count: 20 });
  const found = (data.searchAcrossEntities?.searchResults ?? []).map((r) => r.entity);
  const names = (e: (typeof found)[number]) =>
    [e.name, e.properties?.name, e.properties?.qualifiedName, shortName(e.urn)]
      .filter(Boolean)
      .map((n) => n!.toLowerCase());
  const exact = oneOfEachSiblingGroup(found.filter((e) => names(e).includes(ref.toLowerCase())));
  if (exact.length === 1)
    return { urn: exact[0]!.urn, name: exact[0]!.name ?? shortName(exact[0]!.urn), kind: 'dataset' };
  if (exact.length > 1)
    throw new UsageError(
      `"${ref}" names ${exact.length} datasets; name one by urn: ${exact.map((e) => e.urn).join(', ')}`,
    );
  return undefined;
}

/**
 * A dbt model and its warehouse table share a name and are one dataset to Janus (core/sibling-reads.ts): each sibling
 * group found once, by its table.
 */
function oneOfEachSiblingGroup<
  T extends { urn: string; siblings?: { siblings?: ({ urn: string } | null | undefined)[] | null } | null },
>(found: T[]): T[] {
  const urns = new Set(found.map((e) => e.urn));
  return found.filter((e) => {
    if (!onModellingTool(e.urn)) return true;
    // a modelling tool's copy stands aside when its table was found too
    return !(e.siblings?.siblings ?? []).some((s) => s && urns.has(s.urn) && !onModellingTool(s.urn));
  });
}
