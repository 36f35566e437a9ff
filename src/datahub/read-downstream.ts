import { byModelName, type ModelRef } from '../core/verdict.js';
import { shortName } from '../core/names.js';
import type { DataHubClient } from './client.js';
import { DOWNSTREAM_SLOTS, downstreamModels, downstreamVars } from './queries/downstream-models.js';

/** The blast radius: every ML model downstream of each dataset (any hops), DOWNSTREAM_SLOTS datasets a request, the requests side by side. */
export async function readDownstreamModels(client: DataHubClient, datasets: string[]): Promise<Record<string, ModelRef[]>> {
  const out: Record<string, ModelRef[]> = {};
  const slots: string[][] = [];
  for (let i = 0; i < datasets.length; i += DOWNSTREAM_SLOTS) slots.push(datasets.slice(i, i + DOWNSTREAM_SLOTS));
  await Promise.all(slots.map(async (slot) => {
    const data = await client.request(downstreamModels, downstreamVars(slot));
    slot.forEach((dataset, j) => {
      const models = (data[`m${j}`]?.searchResults ?? [])
        .filter((r) => r.entity.type === 'MLMODEL')
        .map((r) => ({ urn: r.entity.urn, name: r.entity.name ?? shortName(r.entity.urn) }));
      out[dataset] = models.sort(byModelName);
    });
  }));
  return Object.fromEntries(datasets.filter((d) => out[d]).map((d) => [d, out[d]!]));
}
