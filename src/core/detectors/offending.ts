import type { Finding } from '../finding.js';
import type { UpstreamGraph } from '../graph.js';
import type { JudgmentSession } from '../session.js';
import { hurtsOnlyItsModel } from './registered.js';

/** Which ids (in the run's entity index) are datasets, each id's place in urn order, and a scratch mark per id for one model's pass. */
interface DatasetIds {
  isDataset: Uint8Array;
  /** Id → its urn's place among the index's urns, sorted as `Array.prototype.sort` sorts strings. */
  place: Int32Array;
  /** Place → id. */
  atPlace: Int32Array;
  mark: Uint32Array;
  stamps: number;
  /** Room to sort one model's places in (grown as models need). */
  scratch: Int32Array;
}

/**
 * Datasets whose trouble reaches every model downstream, sorted. A leak is not one of them: it hurts the model whose
 * feature sees its own label, not the other readers of the shared column. Over integer ids: a stale model holds a
 * thousand findings, and a lookup of each in the graph's nodes by urn was a tenth of its judging; its datasets are
 * sorted by their places in urn order, as numbers.
 */
export function offendingDatasets(
  session: JudgmentSession,
  g: UpstreamGraph,
  findings: Finding[],
  /** Each finding's entity id in the run's index, when the caller knows it (-1: looked up by urn). */
  entityIds?: readonly number[],
): string[] {
  const index = session.indexes(g).entities;
  const ids = session.derived(g, 'dataset-ids', (): DatasetIds => {
    const atPlace = Int32Array.from(index.urns.keys()).sort((a, b) => byCodeUnits(index.urns[a]!, index.urns[b]!));
    const place = new Int32Array(atPlace.length);
    atPlace.forEach((id, k) => (place[id] = k));
    return {
      isDataset: Uint8Array.from(index.urns, (u) => (g.nodes[u]?.kind === 'dataset' ? 1 : 0)),
      place,
      atPlace,
      mark: new Uint32Array(index.urns.length),
      stamps: 0,
      scratch: new Int32Array(1024),
    };
  });
  const stamp = ++ids.stamps;
  const found: string[] = [];
  const places: number[] = [];
  let elsewhere: Set<string> | undefined;
  for (let i = 0; i < findings.length; i++) {
    const f = findings[i]!;
    if (hurtsOnlyItsModel(f.detector)) continue;
    const known = entityIds ? entityIds[i]! : -1;
    const id = known >= 0 && index.urns[known] === f.entity ? known : index.id.get(f.entity);
    if (id === undefined) {
      // not in the lineage (a feature table's node): looked up by urn
      if (g.nodes[f.entity]?.kind === 'dataset' && !(elsewhere ??= new Set()).has(f.entity)) {
        elsewhere.add(f.entity);
        found.push(f.entity);
      }
      continue;
    }
    if (!ids.isDataset[id] || ids.mark[id] === stamp) continue;
    ids.mark[id] = stamp;
    places.push(ids.place[id]!);
  }
  if (ids.scratch.length < places.length) ids.scratch = new Int32Array(Math.max(places.length, 2 * ids.scratch.length));
  const sorted = ids.scratch.subarray(0, places.length);
  sorted.set(places);
  sorted.sort();
  const inIndex = new Array<string>(sorted.length);
  for (let k = 0; k < sorted.length; k++) inIndex[k] = index.urns[ids.atPlace[sorted[k]!]!]!;
  return found.length ? [...found, ...inIndex].sort() : inIndex;
}

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
