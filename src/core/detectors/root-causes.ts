import { anyCommon, bits, BitsPool, countCommon, firstWord, orInto, setBit, type Bits } from '../bitset.js';
import { LISTED_EFFECTS, type Effect } from '../effects.js';
import type { Finding } from '../finding.js';
import type { UpstreamGraph } from '../graph.js';
import type { JudgmentSession } from '../session.js';
import { entityFacts } from './entity-facts.js';
import { RootEvidence, type EffectsBelow } from './root-evidence.js';

/**
 * Where trouble that travels downstream (staleness, failures) starts and where it spreads. It holds whatever the
 * model: a graph holds every upstream entity of each of its entities, so it is derived once per judgment run.
 * Troubled entities (a travelling finding of their own, or a troubled producer) are numbered
 * upstream first: their "troubled ids".
 */
interface Propagation {
  /** Troubled entity urn → its troubled id. */
  id: Map<string, number>;
  /** Entity id (in the run's entity index) → its troubled id, or -1. */
  idOfEntity: Int32Array;
  /** Troubled id → 1 when it has a cause further up: troubled upstream, or a smaller urn troubled in the same cycle. */
  caused: Uint8Array;
  /** Troubled id → the troubled ids strictly downstream of it. */
  below: Bits[];
  /** Troubled id → its entity id. */
  entityOf: Int32Array;
  /** Folding facts of the job findings seen: the same objects for every model with the same products. */
  seen: Map<Finding, Trouble>;
  /** One effect object per folded finding, shared by every root that lists it. */
  effects: Map<Finding, Effect>;
  /** Troubled id → its own propagating findings as listed effects (the same for every model that folds them). */
  ownEffects: (Effect[] | undefined)[];
  /**
   * Troubled id → the first word of its `below` with a bit set (-1: not found yet). Its spread starts below it, and
   * ids are numbered upstream first: a stale model's thousand roots each skipped the words of the layers above.
   */
  from: Int32Array;
}

/** A job finding's place in the spread: its products are its sources. */
interface Trouble {
  ids: number[];
  /** Every product has a cause further up: the finding is folded. */
  caused: boolean;
  /** The troubled ids strictly downstream of any product. */
  reach: Bits;
  /** The first word of `reach` with a bit set. */
  from: number;
}

/** The trouble one model sees: propagating findings, by where they start. */
export interface TroubleSeen {
  /** Entity ids (in the run's entity index) of the roots whose own propagating findings the model sees, ascending. */
  roots: readonly number[];
  /** Troubled ids (`troubledIds`) of the entities upstream whose own propagating findings are caused further up. */
  folded: Bits;
  /** An entity's own propagating findings. */
  ownAt(entity: number): Finding[];
  /** Findings on troubled jobs, each naming its products (`evidence.produces`). */
  jobs: Finding[];
}

/** The run's troubled entities, numbered upstream first: each entity's troubled id (or -1), and which are caused further up. */
export function troubledIds(
  session: JudgmentSession,
  g: UpstreamGraph,
): { idOfEntity: Int32Array; caused: Uint8Array; count: number } {
  const p = propagationOf(session, g);
  return { idOfEntity: p.idOfEntity, caused: p.caused, count: p.below.length };
}

const propagationOf = (session: JudgmentSession, g: UpstreamGraph): Propagation =>
  session.derived(g, 'propagation', () => propagation(session, g));

/**
 * One finding per root cause: a freshness or failure finding downstream of another such finding is folded into
 * that root's evidence and deducts nothing itself. The root lists the first `LISTED_EFFECTS` folded findings
 * (upstream first) in `downstreamEffects`, and counts the downstream entities whose trouble it explains in
 * `downstreamDatasets`. Costs the model's troubled entities plus its roots' bit sets, not its closure.
 */
export function foldRootCauses(session: JudgmentSession, g: UpstreamGraph, seen: TroubleSeen): Finding[] {
  const p = propagationOf(session, g);
  // the model's folded trouble: its caused own findings, then the products of its folded jobs
  const here = seen.folded;
  const jobRoots: [Finding, Trouble][] = [];
  const foldedJobs: [Effect, number[]][] = [];
  for (const f of seen.jobs) {
    const t = troubleOf(p, f);
    if (!t.caused) {
      jobRoots.push([f, t]);
      continue;
    }
    foldedJobs.push([effectOf(p, f), t.ids]);
    for (const id of t.ids) setBit(here, id);
  }
  // by product, once a root's effects are read (most scans read none)
  let jobsAt: Map<number, Effect[]> | undefined;
  const folded: Folded = {
    jobsAt: (id) => (foldedJobs.length ? (jobsAt ??= byProduct(foldedJobs)).get(id) : undefined),
    ownAt: (id) =>
      p.caused[id] ? (p.ownEffects[id] ??= seen.ownAt(p.entityOf[id]!).map((f) => effectOf(p, f))) : undefined,
  };
  const below: EffectsBelow<Bits> = {
    effects: (reach) => listedEffects(reach, here, folded),
    count: (reach) => countCommon(reach, here),
  };
  const withEffects = (f: Finding, reach: Bits, from: number): Finding =>
    anyCommon(reach, here, from) ? { ...f, evidence: evidenceOf(f, below, reach) } : f;
  const roots = jobRoots.map(([f, t]) => withEffects(f, t.reach, t.from));
  for (const e of seen.roots) {
    const id = p.idOfEntity[e]!;
    const reach = p.below[id]!;
    let from = p.from[id]!;
    if (from < 0) p.from[id] = from = firstWord(reach);
    for (const f of seen.ownAt(e)) roots.push(withEffects(f, reach, from));
  }
  return roots;
}

/** The folded findings at a troubled id, as listed effects: failed jobs' (this model's), then the table's own. */
interface Folded {
  jobsAt(id: number): Effect[] | undefined;
  ownAt(id: number): Effect[] | undefined;
}

/** The first `LISTED_EFFECTS` folded findings a root reaches, upstream first. */
function listedEffects(reach: Bits, here: Bits, folded: Folded): Effect[] {
  const listed: Effect[] = [];
  for (let w = 0; w < reach.length; w++) {
    let word = reach[w]! & here[w]!;
    while (word) {
      const low = word & -word;
      word ^= low;
      const id = w * 32 + 31 - Math.clz32(low);
      // a job folded at several of its products is listed once
      for (const e of folded.jobsAt(id) ?? NONE)
        if (!listed.includes(e) && listed.push(e) === LISTED_EFFECTS) return listed;
      for (const e of folded.ownAt(id) ?? NONE) if (listed.push(e) === LISTED_EFFECTS) return listed;
    }
  }
  return listed;
}

const NONE: never[] = [];

/**
 * The root's evidence, its effects worked out when read (RootEvidence). A new object per model: models see different
 * trouble below a root, so few would share one (on a catalog of 5,000 models, 370 of a model's 495 roots were new),
 * and a store of them, kept for sharing, outlived every verdict that used it.
 */
const evidenceOf = (f: Finding, below: EffectsBelow<Bits>, reach: Bits) =>
  new RootEvidence(f.evidence, below, reach) as unknown as Record<string, unknown>;

/** Failed jobs folded in a model, by product, in the order they were seen. */
function byProduct(jobs: [Effect, number[]][]): Map<number, Effect[]> {
  const at = new Map<number, Effect[]>();
  for (const [effect, ids] of jobs) {
    for (const id of ids) {
      const list = at.get(id);
      if (list) list.push(effect);
      else at.set(id, [effect]);
    }
  }
  return at;
}

/** One effect object per folded finding, shared by every root and model that lists it. */
function effectOf(p: Propagation, f: Finding): Effect {
  let e = p.effects.get(f);
  if (!e) p.effects.set(f, (e = { key: f.key, entity: f.entity, message: f.message }));
  return e;
}

function troubleOf(p: Propagation, f: Finding): Trouble {
  let t = p.seen.get(f);
  if (t) return t;
  const products = f.evidence.produces as string[];
  const ids = products.map((s) => p.id.get(s)!);
  // a job of one product (most are) spreads as its product does: that set, read only, not a copy
  const reach = ids.length === 1 ? p.below[ids[0]!]! : bits(p.below.length);
  if (ids.length > 1) for (const id of ids) orInto(reach, p.below[id]!);
  t = { ids, caused: ids.every((id) => p.caused[id]), reach, from: firstWord(reach) };
  p.seen.set(f, t);
  return t;
}

function propagation(session: JudgmentSession, g: UpstreamGraph): Propagation {
  const facts = entityFacts(session, g);
  const index = session.indexes(g).entities;
  const { urns } = index;
  const comps = session.indexes(g).components;
  const membersOf = (c: number) => comps.members.subarray(comps.start[c]!, comps.start[c + 1]!);
  const upsOf = (e: number) => index.ups.subarray(index.start[e]!, index.start[e + 1]!);
  const isTroubled = (e: number) => facts.propagating(e).length > 0 || facts.hasTroubledProducer(e);

  // components come upstream first, so each one's upstream components are settled before it
  const troubledAt = new Uint8Array(comps.count);
  const troubledAbove = new Uint8Array(comps.count);
  /** The longest chain of components above: the same in every graph holding the entity (it holds its whole upstream). */
  const height = new Int32Array(comps.count);
  const caused = new Uint8Array(urns.length);
  const troubled: number[] = [];
  for (let c = 0; c < comps.count; c++) {
    let above = false;
    let h = 0;
    for (const m of membersOf(c)) {
      for (const up of upsOf(m)) {
        const uc = comps.of[up]!;
        if (uc === c) continue;
        if (troubledAt[uc] || troubledAbove[uc]) above = true;
        h = Math.max(h, height[uc]! + 1);
      }
    }
    const here = Array.from(membersOf(c))
      .filter(isTroubled)
      .sort((a, b) => byUrn(urns[a]!, urns[b]!));
    troubledAt[c] = here.length ? 1 : 0;
    troubledAbove[c] = above ? 1 : 0;
    height[c] = h;
    here.forEach((m, i) => {
      if (above || i > 0) caused[m] = 1;
      troubled.push(m);
    });
  }
  // numbered upstream first, in an order every graph holding them agrees on (effects are listed in it)
  const order = troubled.sort((a, b) => height[comps.of[a]!]! - height[comps.of[b]!]! || byUrn(urns[a]!, urns[b]!));
  const idOfEntity = new Int32Array(urns.length).fill(-1);
  order.forEach((e, i) => (idOfEntity[e] = i));
  // only a root's spread, or a troubled job's product's, is ever asked for: on a big catalog most troubled tables are neither
  const asked = (e: number) => !caused[e] || facts.hasTroubledProducer(e);
  const below: Bits[] = new Array(order.length).fill(bits(order.length));
  const open: (Bits | undefined)[] = new Array(comps.count);
  const pool = new BitsPool(order.length);
  // downstream first, or-ing each component's troubled set into the components upstream of it; a set is given back
  // to the pool once passed
  for (let c = comps.count - 1; c >= 0; c--) {
    const under = open[c];
    open[c] = undefined;
    const here = Array.from(membersOf(c)).filter((m) => idOfEntity[m] !== -1);
    let passed = under;
    if (here.length) {
      passed = pool.copy(under);
      for (const m of here) setBit(passed, idOfEntity[m]!);
      for (const m of here) {
        if (!asked(m)) continue;
        const mine = under ? under.slice() : bits(order.length);
        for (const other of here) if (other !== m) setBit(mine, idOfEntity[other]!);
        below[idOfEntity[m]!] = mine;
      }
    }
    if (passed) {
      for (const m of membersOf(c)) {
        for (const up of upsOf(m)) {
          const uc = comps.of[up]!;
          if (uc !== c) orInto((open[uc] ??= pool.take()), passed);
        }
      }
    }
    if (passed !== under) pool.give(passed);
    pool.give(under);
  }
  return {
    id: new Map(order.map((e, i) => [urns[e]!, i])),
    idOfEntity,
    entityOf: Int32Array.from(order),
    caused: Uint8Array.from(order, (e) => caused[e]!),
    below,
    seen: new Map(),
    effects: new Map(),
    // filled, not holey: written at scattered ids, a holey array turns into a slow dictionary
    ownEffects: new Array<Effect[] | undefined>(order.length).fill(undefined),
    from: new Int32Array(order.length).fill(-1),
  };
}

const byUrn = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
