import { bits, forEachCommon, orInto, setBit, type Bits } from '../bitset.js';
import { components } from '../components.js';
import { LISTED_EFFECTS } from '../effects.js';
import type { Finding } from '../finding.js';
import { indexOf, type UpstreamGraph } from '../graph.js';
import type { DetectContext } from './context.js';
import { entityFacts } from './entity-findings.js';
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
}

/**
 * One finding per root cause: a freshness or failure finding on a dataset downstream of another such finding's
 * dataset is folded into that root's evidence and deducts nothing itself. The root lists the first
 * `LISTED_EFFECTS` folded findings (upstream first) in `downstreamEffects` and counts them all in
 * `downstreamEffectCount`. Linear in the findings given, plus each root's spread once per catalog read.
 */
export function foldRootCauses(g: UpstreamGraph, findings: Finding[], ctx: DetectContext): Finding[] {
  const p = memoized(g, ctx, 'propagation', () => propagation(g, ctx));
  const folded = findings.filter((f) => PROPAGATING.has(f.detector) && sourcesOf(f).every((s) => p.caused.has(s)));
  if (!folded.length) return findings;
  const foldedAt: number[][] = [];
  const here = bits(p.id.size);
  folded.forEach((f, i) => {
    for (const s of sourcesOf(f)) {
      const id = p.id.get(s)!;
      setBit(here, id);
      (foldedAt[id] ??= []).push(i);
    }
  });
  const isFolded = new Set(folded);
  // counted[i] === round: folded finding i is already counted for the root in hand
  const counted = new Uint32Array(folded.length);
  let round = 0;
  return findings
    .filter((f) => !isFolded.has(f))
    .map((f) => {
      if (!PROPAGATING.has(f.detector)) return f;
      round++;
      const listed: Finding[] = [];
      let total = 0;
      forEachCommon(spread(p, sourcesOf(f)), here, (id) => {
        for (const i of foldedAt[id]!) {
          if (counted[i] === round) continue;
          counted[i] = round;
          total++;
          if (listed.length < LISTED_EFFECTS) listed.push(folded[i]!);
        }
      });
      if (!total) return f;
      const downstreamEffects = listed.map((e) => ({ key: e.key, entity: e.entity, message: e.message }));
      return { ...f, evidence: { ...f.evidence, downstreamEffects, downstreamEffectCount: total } };
    });
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
  const id = new Map<string, number>();
  const troubledAt: boolean[] = [];
  const troubledAbove: boolean[] = [];
  const caused = new Set<string>();
  members.forEach((component, c) => {
    let above = false;
    for (const m of component) {
      for (const up of g.upstreams[m] ?? []) {
        const uc = of.get(up)!;
        if (uc !== c && (troubledAt[uc] || troubledAbove[uc])) above = true;
      }
    }
    const here = component.filter((m) => troubled.has(m)).sort();
    troubledAt[c] = here.length > 0;
    troubledAbove[c] = above;
    here.forEach((m, i) => {
      id.set(m, id.size);
      if (above || i > 0) caused.add(m);
    });
  });
  return { id, caused, below: spreadBelow(g, of, members, id) };
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
