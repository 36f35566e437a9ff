import { finding, type Finding } from '../finding.js';
import type { UpstreamGraph } from '../graph.js';
import type { JudgmentSession } from '../session.js';
import { entityFacts } from './entity-facts.js';
import { PRODUCER_DETECTORS } from './registered.js';

/**
 * The `k`-th producer rule's findings for one model, from the ids (in the run's entity index) of its upstream datasets
 * with a troubled producer, ascending: one finding per job, naming the products the model reads (sorted), on the
 * first. Counted per job over integer ids (a stale catalog's model sees thousands of such datasets), and made once
 * per job and products seen: every model that sees the same gets the same object.
 */
export function producerFindings(
  session: JudgmentSession,
  g: UpstreamGraph,
  k: number,
  produced: readonly number[],
): Finding[] {
  if (!produced.length) return [];
  const jobs = session.derived(g, `job-index:${k}`, () => jobIndex(session, g, k));
  const stamp = ++jobs.stamps;
  const seenJobs: number[] = [];
  for (const id of produced) {
    for (let x = jobs.start[id]!; x < jobs.start[id + 1]!; x++) {
      const j = jobs.ofEntity[x]!;
      if (jobs.stamp[j] !== stamp) {
        jobs.stamp[j] = stamp;
        jobs.seen[j] = 0;
        seenJobs.push(j);
      }
      jobs.seen[j]!++;
    }
  }
  const { urns } = session.indexes(g).entities;
  // the products seen of each job that is not seen whole, in one pass (a stale model reads thousands)
  let partly: Map<number, string[]> | undefined;
  for (const j of seenJobs) if (jobs.seen[j] !== jobs.products[j]!.length) (partly ??= new Map()).set(j, []);
  if (partly)
    for (const id of produced)
      for (let x = jobs.start[id]!; x < jobs.start[id + 1]!; x++) partly.get(jobs.ofEntity[x]!)?.push(urns[id]!);
  // jobs are numbered in urn order
  return seenJobs
    .sort((a, b) => a - b)
    .map((j) => {
      // most models see every product of a job: one finding per job, and no sorting per model
      const seen = partly?.get(j);
      return findingFor(session, g, jobs, j, seen ? seen.sort() : jobs.products[j]!);
    });
}

/** One finding per job and products seen, shared by every model that sees the same (found by comparing lists, not by a joined key). */
function findingFor(
  session: JudgmentSession,
  g: UpstreamGraph,
  jobs: JobIndex,
  j: number,
  products: string[],
): Finding {
  const variants = (jobs.made[j] ??= []);
  for (const [seen, f] of variants) if (seen === products || sameList(seen, products)) return f;
  const d = PRODUCER_DETECTORS[jobs.rule]!;
  const f = finding(session.context.policy, d.name, d.producers.finding(g, jobs.urns[j]!, products));
  variants.push([products, f]);
  return f;
}

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** A producer rule's troubled jobs numbered in urn order, each entity's among them, and a per-model count of products seen. */
interface JobIndex {
  rule: number;
  urns: string[];
  /** Job → its products' urns, sorted: what a model that sees them all is told. */
  products: string[][];
  /** Entity id → its troubled producers: `ofEntity[start[id]] .. ofEntity[start[id + 1] - 1]`. */
  start: Int32Array;
  ofEntity: Int32Array;
  /** Job → the findings made for it so far, each with the products it names. */
  made: ([string[], Finding][] | undefined)[];
  /** Scratch: job → products seen by the model being judged, valid where `stamp` holds the current one. */
  seen: Int32Array;
  stamp: Uint32Array;
  stamps: number;
}

function jobIndex(session: JudgmentSession, g: UpstreamGraph, k: number): JobIndex {
  const facts = entityFacts(session, g);
  const { urns: entities } = session.indexes(g).entities;
  const productsOf = new Map<string, string[]>();
  entities.forEach((urn, id) => {
    for (const job of facts.troubledProducers(id, k)) {
      const list = productsOf.get(job);
      if (list) list.push(urn);
      else productsOf.set(job, [urn]);
    }
  });
  for (const list of productsOf.values()) list.sort();
  const urns = [...productsOf.keys()].sort();
  const number = new Map(urns.map((u, j) => [u, j]));
  const start = new Int32Array(entities.length + 1);
  const ofEntity: number[] = [];
  entities.forEach((_, id) => {
    start[id] = ofEntity.length;
    for (const job of facts.troubledProducers(id, k)) ofEntity.push(number.get(job)!);
  });
  start[entities.length] = ofEntity.length;
  return {
    rule: k,
    urns,
    products: urns.map((u) => productsOf.get(u)!),
    start,
    ofEntity: Int32Array.from(ofEntity),
    made: new Array<[string[], Finding][] | undefined>(urns.length).fill(undefined),
    seen: new Int32Array(urns.length),
    stamp: new Uint32Array(urns.length),
    stamps: 0,
  };
}
