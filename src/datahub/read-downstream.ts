import { byModelName, type ModelRef } from '../core/verdict.js';
import { shortName } from '../core/names.js';
import type { DataHubClient } from './client.js';
import { downstreamModels, type DownstreamPage } from './queries/downstream-models.js';
import { ModelListPool } from '../core/model-list-pool.js';
import { scrollGoesOn } from './scroll-end.js';

/**
 * The blast radius: every ML model downstream of each dataset (any hops). One aliased scroll per dataset, all of
 * them in one request up to `downstreamModels.max` (what GMS's limits take in one document), the requests side by
 * side; a dataset with more models than a page follows its scroll.
 * Equal lists come back as one array (ModelListPool).
 */
export async function readDownstreamModels(
  client: DataHubClient,
  datasets: string[],
  /** The lists this run already read, by dataset: not read again, and this read's kept there. */
  known?: Map<string, ModelRef[]>,
  /** Datasets whose models below are read (or were known), of `datasets`, as each request's land (progress displays). */
  onRead?: (read: number, of: number) => void,
): Promise<Record<string, ModelRef[]>> {
  const unique = [...new Set(datasets)];
  const out: Record<string, ModelRef[]> = {};
  const unread = known ? unique.filter((d) => !known.has(d)) : unique;
  let read = unique.length - unread.length;
  onRead?.(read, unique.length);
  const lists = new ModelListPool();
  const chunks: string[][] = [];
  for (let i = 0; i < unread.length; i += downstreamModels.max) chunks.push(unread.slice(i, i + downstreamModels.max));
  await Promise.all(
    chunks.map(async (chunk) => {
      const vars = Object.assign({}, ...chunk.map((d, i) => downstreamModels.slotVars(i, { d })));
      const data = await client.request(downstreamModels.forSlots(chunk.length), vars);
      await Promise.all(
        chunk.map(async (dataset, i) => {
          const pages = [data[downstreamModels.alias(i)]];
          const seen = () => pages.reduce((n, p) => n + (p?.searchResults.length ?? 0), 0);
          // to the scroll's end: past 10,000 models `total` reads 10,000 (scroll-end.ts)
          for (let last = pages[0]; last && scrollGoesOn(last, seen(), last.total); last = pages.at(-1)) {
            const more = await client.request(downstreamModels.forSlots(1), {
              ...downstreamModels.slotVars(0, { d: dataset }),
              scrollId: last.nextScrollId,
            });
            pages.push(more[downstreamModels.alias(0)]);
          }
          out[dataset] = lists.intern(pages.flatMap(modelsOf).sort(byModelName));
        }),
      );
      onRead?.((read += chunk.length), unique.length);
    }),
  );
  if (known) for (const d of unread) known.set(d, out[d]!);
  return Object.fromEntries(unique.map((d) => [d, out[d] ?? known!.get(d)!]));
}

// `types: [MLMODEL]`: every result is a model
const modelsOf = (page: DownstreamPage | null | undefined): ModelRef[] =>
  (page?.searchResults ?? []).map((r) => ({ urn: r.entity.urn, name: r.entity.name ?? shortName(r.entity.urn) }));
