import { anyCommon, bits, countCommon, orInto, setBit, type Bits } from '../bitset.js';
import { components } from '../components.js';
import { LISTED_EFFECTS, type Effect } from '../effects.js';
import type { Finding } from '../finding.js';
import { indexOf, type UpstreamGraph } from '../graph.js';
import type { DetectContext } from './context.js';
import { entityFacts } from './entity-facts.js';
import { memoized } from './memo.js';

const PROPAGATING = new Set(['freshness_lag', 'upstream_failure']);

/**
 * Where trouble that travels downstream (staleness, failures) starts and where it spreads. It holds whatever the
 * model: a graph holds every upstream entity of each of its entities, so it is derived once per catalog read.
 */
interface Propagation {
  /** Troubled entities (a freshness or failure finding, or produced by a job whose latest run failed), numbered upstream first. */
  id: Map<string, number>;
  /** Troubled entities with a cause further up: troubled upstream, or a smaller urn troubled in the same cycle. */
  caused: Set<string>;
  /** Troubled entity → the troubled entities strictly downstream of it. */
  below: Map<string, Bits>;
  /** What folding needs of each finding seen: findings of one entity are the same objects for every model. */
  seen: Map<Finding, Trouble | null>;
  effects: Map<Finding, Effect>;
}

/** A propagating finding's place in the spread. */
interface Trouble {
  /** Its sources' troubled ids. */
  ids: number[];
  /** Whether every source has a cause further up: the finding is folded. */
  caused: boolean;
  /** The troubled entities strictly downstream of its sources. */
  reach: Bits;
}

/**
 * One finding per root cause: a freshness or failure finding on a dataset downstream of another such finding's
 * dataset is folded into that root's evidence and deducts nothing itself. The root lists the first
 * `LISTED_EFFECTS` folded findings (upstream first) in `downstreamEffects`, and counts the downstream entities
 * whose trouble it explains in `downstreamDatasets`. Linear in the findings given, plus each root's spread once per catalog read.
 */
export function foldRootCauses(g: UpstreamGraph, findings: Finding[], ctx: DetectContext): Finding[] {
  const p = memoized(g, ctx, 'propagation', () => propagation(g, ctx));
  const troubles = findings.map((f) => troubleOf(p, f));
  const folded: Finding[] = [];
  const foldedAt: number[][] = [];
  const size = p.id.size;
  const here = bits(size);
  findings.forEach((f, k) => {
    const t = troubles[k];
    if (!t?.caused) return;
    for (const id of t.ids) {
      setBit(here, id);
      (foldedAt[id] ??= []).push(folded.length);
    }
    folded.push(f);
  });
  if (!folded.length) return findings;
  const out: Finding[] = [];
  findings.forEach((f, k) => {
    const t = troubles[k];
    if (t?.caused) return;
    if (!t || !anyCommon(t.reach, here)) return void out.push(f);
    const downstreamEffects = listedEffects(t.reach, here, foldedAt, folded).map((e) => effectOf(p, e));
    out.push({ ...f, evidence: { ...f.evidence, downstreamEffects, downstreamDatasets: countCommon(t.reach, here) } });
  });
  return out;
}

/** The first `LISTED_EFFECTS` folded findings a root reaches, upstream first. */
function listedEffects(reach: Bits, here: Bits, foldedAt: number[][], folded: Finding[]) {
  const listed = new Set<Finding>();
  for (let w = 0; w < reach.length && listed.size < LISTED_EFFECTS; w++) {
    let word = reach[w]! & here[w]!;
    while (word && listed.size < LISTED_EFFECTS) {
      const low = word & -word;
      for (const i of foldedAt[w * 32 + 31 - Math.clz32(low)]!) if (listed.size < LISTED_EFFECTS) listed.add(folded[i]!);
      word ^= low;
    }
  }
  return [...listed];
}

/** One effect object per folded finding, shared by every root and model that lists it. */
function effectOf(p: Propagation, f: Finding): Effect {
  let e = p.effects.get(f);
  if (!e) p.effects.set(f, (e = { key: f.key, entity: f.entity, message: f.message }));
  return e;
}

function troubleOf(p: Propagation, f: Finding): Trouble | null {
  let t = p.seen.get(f);
  if (t !== undefined) return t;
  t = null;
  if (PROPAGATING.has(f.detector)) {
    const sources = sourcesOf(f);
    const ids = sources.map((s) => p.id.get(s)!);
    t = { ids, caused: sources.every((s) => p.caused.has(s)), reach: spread(p, sources) };
  }
  p.seen.set(f, t);
  return t;
}

/** The entities a finding's trouble starts from: a failed job's every product, else the finding's entity. */
function sourcesOf(f: Finding): string[] {
  const produces = f.evidence.produces;
  return Array.isArray(produces) && produces.length ? (produces as string[]) : [f.entity];
}

function propagation(g: UpstreamGraph, ctx: DetectContext): Propagation {
  const facts = entityFacts(g, ctx);
  const { urns } = indexOf(g);
  const troubled = new Set(urns.filter((_, i) => facts.findings(i).some((f) => PROPAGATING.has(f.detector)) || facts.failedProducers(i).length));

  // components come upstream first, so each one's upstream components are settled before it
  const { of, members } = components(urns, g.upstreams);
  const troubledAt: boolean[] = [];
  const troubledAbove: boolean[] = [];
  /** The longest chain of components above: the same in every graph holding the entity (it holds its whole upstream). */
  const height: number[] = [];
  const caused = new Set<string>();
  members.forEach((component, c) => {
    let above = false;
    let h = 0;
    for (const m of component) {
      for (const up of g.upstreams[m] ?? []) {
        const uc = of.get(up)!;
        if (uc === c) continue;
        if (troubledAt[uc] || troubledAbove[uc]) above = true;
        h = Math.max(h, height[uc]! + 1);
      }
    }
    const here = component.filter((m) => troubled.has(m)).sort();
    troubledAt[c] = here.length > 0;
    troubledAbove[c] = above;
    height[c] = h;
    here.forEach((m, i) => {
      if (above || i > 0) caused.add(m);
    });
  });
  // numbered upstream first, in an order every graph holding them agrees on (effects are listed in it)
  const order = [...troubled].sort((a, b) => height[of.get(a)!]! - height[of.get(b)!]! || (a < b ? -1 : a > b ? 1 : 0));
  const id = new Map(order.map((u, i) => [u, i]));
  return { id, caused, below: spreadBelow(g, of, members, id), seen: new Map(), effects: new Map() };
}

/**
 * For each troubled entity, the troubled entities strictly downstream of it: one pass over the components,
 * downstream first, or-ing bit sets upstream. A component's set is dropped once passed on, unless it is troubled.
 */
function spreadBelow(g: UpstreamGraph, of: Map<string, number>, members: string[][], id: Map<string, number>): Map<string, Bits> {
  const open: (Bits | undefined)[] = [];
  const below = new Map<string, Bits>();
  for (let c = members.length - 1; c >= 0; c--) {
    const under = open[c];
    open[c] = undefined;
    const here = members[c]!.filter((m) => id.has(m));
    let passed = under;
    if (here.length) {
      passed = bits(id.size);
      if (under) orInto(passed, under);
      for (const m of here) setBit(passed, id.get(m)!);
      for (const m of here) {
        const mine = bits(id.size);
        if (under) orInto(mine, under);
        for (const other of here) if (other !== m) setBit(mine, id.get(other)!);
        below.set(m, mine);
      }
    }
    if (!passed) continue;
    for (const m of members[c]!) {
      for (const up of g.upstreams[m] ?? []) {
        const uc = of.get(up)!;
        if (uc !== c) orInto((open[uc] ??= bits(id.size)), passed);
      }
    }
  }
  return below;
}

/** The troubled entities strictly downstream of any of `from`. */
function spread(p: Propagation, from: string[]): Bits {
  const empty = () => bits(p.id.size);
  if (from.length === 1) return p.below.get(from[0]!) ?? empty();
  const all = empty();
  for (const s of from) orInto(all, p.below.get(s) ?? empty());
  return all;
}
