import { BANDS, type Band, type BandPolicy } from './score.js';
import type { ModelRef } from './verdict.js';

/** What a cycle knows of one model it judged: its score, band and the root causes (finding keys on datasets) it has. */
export interface JudgedModelState {
  model: ModelRef;
  score: number;
  band: Band;
  /** The band came from a severity cap, not from the score (then no margin applies: a critical finding is news). */
  capped: boolean;
  causes: string[];
  /** Its root causes when last judged by this process (empty when unknown): which cleared cause a recovery is due to. */
  previousCauses: string[];
}

/** A root cause somewhere in the catalog: a finding on a dataset, and every model that has it. */
export interface LiveCause {
  key: string;
  dataset: string;
  detector: string;
  severity: string;
  message: string;
  models: ModelRef[];
}

/** Who accepted a root cause's finding (docs/accepted-risk.md), until when and why: it counts nowhere meanwhile. */
export interface CauseAcceptance {
  by: string;
  reason: string;
  /** ISO 8601: the acceptance ends here, and the root cause, if still there, is raised again as a new episode. */
  until: string;
}

/** What people were last told about a model: its announced band (not always its latest), and its latest score. */
export interface AnnouncedModel {
  name: string;
  band: Band;
  score: number;
  /** When the announced band was first judged. */
  since: string;
  /** How many band changes were announced (the next transition's id). */
  seq: number;
}

/** What people were last told about a root cause. Kept once cleared, so a return is a new episode with its own id. */
export interface AnnouncedCause {
  dataset: string;
  detector: string;
  live: boolean;
  /** Raised, then cleared, counts as one episode. */
  episode: number;
  since: string;
  /** Consecutive cycles it has been gone while still announced as live. */
  missing: number;
}

export interface Hysteresis {
  bands: BandPolicy;
  /** Points past a band's edge a score must go before a score-only band change is announced. */
  margin: number;
  /** Consecutive cycles a root cause must be gone before its recovery is announced (1: the first). */
  clearAfter: number;
}

/** Most models and causes one transition names; the counts say how many there are in all. */
export const NAMED_IN_TRANSITION = 50;

/** A model whose announced band changed. */
export interface BandMove {
  model: ModelRef;
  from: Band | null;
  to: Band;
  score: number;
}

export type Transition =
  | {
      kind: 'band';
      /** Deterministic: the same change computed twice (a retried cycle) has the same id (`band:<urn>:<seq>`). */
      id: string;
      /** The model's announced band changes so far, this one included (`AnnouncedModel.seq`). */
      seq: number;
      at: string;
      model: ModelRef;
      from: Band | null;
      to: Band;
      score: number;
      previousScore: number | null;
      causes: string[];
      causeCount: number;
    }
  | {
      kind: 'cause';
      /** `cause:<key>:<episode>:raised|cleared|accepted`. */
      id: string;
      /** Which time the root cause was raised (`AnnouncedCause.episode`); its clearing has the same episode. */
      episode: number;
      at: string;
      /** `accepted`: still there, but a person accepted it (`acceptance`): not fixed, and quiet until it lapses. */
      state: 'raised' | 'cleared' | 'accepted';
      acceptance?: CauseAcceptance;
      key: string;
      dataset: string;
      detector: string;
      severity?: string;
      message?: string;
      models: ModelRef[];
      modelCount: number;
      /** When it was raised (for a clearing: how long it lasted). */
      since: string;
      /** The models whose band it moved this cycle (worse when raised, better when cleared). */
      moved: BandMove[];
      movedCount: number;
    };

export interface TransitionInput {
  at: string;
  /** The models this cycle judged (an incremental cycle judges only those whose upstream facts changed). */
  judged: JudgedModelState[];
  /** Every root cause live in the catalog now. */
  live: Map<string, LiveCause>;
  /** What was announced of the judged models (absent: never judged). */
  models: Record<string, AnnouncedModel | undefined>;
  /** What was announced of every root cause. */
  causes: Record<string, AnnouncedCause>;
  /**
   * Root causes this cycle's write-back raises a new incident for (the last one was closed outside Janus, a person's
   * `NO_ACTION_REQUIRED` or `FIXED`, and the evidence has changed since): a cause announced live all along is raised
   * again, as a new episode.
   */
  raisedAgain?: ReadonlySet<string>;
  /**
   * Root causes still found but accepted by a person, in force: an announced one is announced `accepted` at once (not
   * cleared), and one whose acceptance lapses is live again, so raised as a new episode.
   */
  accepted?: ReadonlyMap<string, CauseAcceptance>;
  rules: Hysteresis;
}

export interface TransitionOutput {
  transitions: Transition[];
  /** The new announced state of every judged model. */
  models: Record<string, AnnouncedModel>;
  /** Root causes whose announced state changed (unchanged ones are left out). */
  causes: Record<string, AnnouncedCause>;
}

const rank = (b: Band) => BANDS.indexOf(b);
const byScore = (score: number, p: BandPolicy): Band =>
  score >= p.trusted ? 'trusted' : score >= p.caution ? 'caution' : 'at_risk';

/**
 * Whether a band change is worth telling: a model judged for the first time is news unless trusted; a score-only
 * change must hold with the score moved back `margin` points toward where it was (a wobble around an edge is not).
 */
function announcedBand(prev: AnnouncedModel | undefined, m: JudgedModelState, rules: Hysteresis): Band | undefined {
  if (!prev) return m.band;
  if (m.band === prev.band) return undefined;
  if (m.capped) return m.band;
  const worse = rank(m.band) > rank(prev.band);
  const held = byScore(worse ? m.score + rules.margin : m.score - rules.margin, rules.bands);
  return held === prev.band ? undefined : m.band;
}

/**
 * The transitions of one cycle, and what is announced after it. Pure. Nothing is emitted on a cycle that found
 * nothing new: a root cause that appears (or is raised again), or one gone `clearAfter` cycles in a row, each with the
 * models whose band it moved; a band change no new or cleared root cause explains (a model's own finding, or a score drifting past an
 * edge and its margin) on its own.
 */
export function transitionsOf(input: TransitionInput): TransitionOutput {
  const { at, rules } = input;
  const models: Record<string, AnnouncedModel> = {};
  const moves: { move: BandMove; state: JudgedModelState; prev?: AnnouncedModel; seq: number }[] = [];
  for (const m of input.judged) {
    const prev = input.models[m.model.urn];
    const band = announcedBand(prev, m, rules);
    const base = { name: m.model.name, score: m.score };
    if (band === undefined) {
      models[m.model.urn] = { ...prev!, ...base };
      continue;
    }
    const seq = (prev?.seq ?? 0) + (prev || band !== 'trusted' ? 1 : 0);
    models[m.model.urn] = { ...base, band, since: at, seq };
    if (!prev && band === 'trusted') continue;
    moves.push({
      move: { model: m.model, from: prev?.band ?? null, to: band, score: m.score },
      state: m,
      ...(prev ? { prev } : {}),
      seq,
    });
  }

  const causes: Record<string, AnnouncedCause> = {};
  const raised: Extract<Transition, { kind: 'cause' }>[] = [];
  const cleared: Extract<Transition, { kind: 'cause' }>[] = [];
  for (const [key, c] of input.live) {
    const prev = input.causes[key];
    // back within `clearAfter` cycles is the same episode, whatever its incident did meanwhile
    const again = prev?.live && !prev.missing && input.raisedAgain?.has(key);
    if (prev?.live && !again) {
      if (prev.missing) causes[key] = { ...prev, missing: 0 };
      continue;
    }
    const episode = (prev?.episode ?? 0) + 1;
    causes[key] = { dataset: c.dataset, detector: c.detector, live: true, episode, since: at, missing: 0 };
    raised.push({
      kind: 'cause',
      id: `cause:${key}:${episode}:raised`,
      episode,
      at,
      state: 'raised',
      key,
      dataset: c.dataset,
      detector: c.detector,
      severity: c.severity,
      message: c.message,
      models: c.models.slice(0, NAMED_IN_TRANSITION),
      modelCount: c.models.length,
      since: at,
      moved: [],
      movedCount: 0,
    });
  }
  for (const [key, prev] of Object.entries(input.causes)) {
    if (!prev.live || input.live.has(key)) continue;
    const acceptance = input.accepted?.get(key);
    if (acceptance) {
      // a person's decision, not a wobble: said at once
      causes[key] = { ...prev, live: false, missing: 0 };
      cleared.push({ ...stoodDown(key, prev, at, 'accepted'), acceptance });
      continue;
    }
    const missing = prev.missing + 1;
    if (missing < rules.clearAfter) {
      causes[key] = { ...prev, missing };
      continue;
    }
    causes[key] = { ...prev, live: false, missing: 0 };
    cleared.push(stoodDown(key, prev, at, 'cleared'));
  }

  // a band change goes with the root causes that explain it: one alert per cause names every model it moved
  const byKey = new Map([...raised, ...cleared].map((t) => [t.key, t]));
  const alone: Transition[] = [];
  for (const { move, state, prev, seq } of moves) {
    const worse = !prev || rank(move.to) > rank(prev.band);
    const explaining = (worse ? state.causes : state.previousCauses)
      .map((k) => byKey.get(k))
      .filter((t) => t && (t.state === 'raised') === worse);
    for (const t of explaining) {
      t!.movedCount++;
      if (t!.moved.length < NAMED_IN_TRANSITION) t!.moved.push(move);
    }
    if (explaining.length) continue;
    alone.push({
      kind: 'band',
      id: `band:${move.model.urn}:${seq}`,
      seq,
      at,
      model: move.model,
      from: move.from,
      to: move.to,
      score: move.score,
      previousScore: prev?.score ?? null,
      causes: state.causes.slice(0, NAMED_IN_TRANSITION),
      causeCount: state.causes.length,
    });
  }
  return { transitions: [...raised, ...cleared, ...alone], models, causes };
}

/** A root cause no longer announced live: gone (`cleared`), or still there and accepted by a person. */
const stoodDown = (
  key: string,
  prev: AnnouncedCause,
  at: string,
  state: 'cleared' | 'accepted',
): Extract<Transition, { kind: 'cause' }> => ({
  kind: 'cause',
  id: `cause:${key}:${prev.episode}:${state}`,
  episode: prev.episode,
  at,
  state,
  key,
  dataset: prev.dataset,
  detector: prev.detector,
  models: [],
  modelCount: 0,
  since: prev.since,
  moved: [],
  movedCount: 0,
});

/** A transition as a payload queued before transitions carried their episode and sequence may hold it. */
export type TransitionRecord =
  | (Omit<Extract<Transition, { kind: 'band' }>, 'seq'> & { seq?: number })
  | (Omit<Extract<Transition, { kind: 'cause' }>, 'episode'> & { episode?: number });

/**
 * A transition read back from a queue or from Redis. One queued before it carried its episode (a root cause) or
 * sequence (a band change) gets them from its id, as the alerts once parsed them (1 when the id does not say).
 */
export function transitionOf(t: TransitionRecord): Transition {
  if (t.kind === 'band') return { ...t, seq: t.seq ?? ordinalIn(t.id, /:(\d+)$/) };
  return { ...t, episode: t.episode ?? ordinalIn(t.id, /:(\d+):(?:raised|cleared|accepted)$/) };
}

const ordinalIn = (id: string, pattern: RegExp): number => Number(pattern.exec(id)?.[1] ?? 1);
