import type { ModelRef } from '../core/verdict.js';
import { shortName } from '../core/names.js';
import type { DataHubClient } from './client.js';
import { DOWNSTREAM_SLOTS, downstreamModels, downstreamVars } from './queries/downstream-models.js';

/** The blast radius: every ML model downstream of each dataset (any hops), eight datasets a request. */
export async function readDownstreamModels(client: DataHubClient, datasets: string[]): Promise<Record<string, ModelRef[]>> {
  const out: Record<string, ModelRef[]> = {};
  for (let i = 0; i < datasets.length; i += DOWNSTREAM_SLOTS) {
    const slot = datasets.slice(i, i + DOWNSTREAM_SLOTS);
    const data = await client.request(downstreamModels, downstreamVars(slot));
    slot.forEach((dataset, j) => {
      const models = (data[`m${j}`]?.searchResults ?? [])
        .filter((r) => r.entity.type === 'MLMODEL')
        .map((r) => ({ urn: r.entity.urn, name: r.entity.name ?? shortName(r.entity.urn) }));
      out[dataset] = models.sort((a, b) => a.name.localeCompare(b.name) || a.urn.localeCompare(b.urn));
    });
  }
  return out;
}
