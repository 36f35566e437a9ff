import { describe, expect, it } from 'vitest';
import { DEFAULT_BANDS, type Band } from '../../src/core/score.js';
import {
  transitionOf,
  transitionsOf,
  type AnnouncedCause,
  type AnnouncedModel,
  type JudgedModelState,
  type LiveCause,
  type Transition,
  type TransitionInput,
  type TransitionRecord,
} from '../../src/core/transitions.js';

const rules = { bands: DEFAULT_BANDS, margin: 5, clearAfter: 2 };
const promptly = { ...rules, clearAfter: 1 };
const churn = { urn: 'urn:li:mlModel:(urn:li:dataPlatform:mlflow,churn,PROD)', name: 'churn' };
const judged = (
  score: number,
  band: Band,
  causes: string[] = [],
  capped = false,
  previousCauses: string[] = [],
): JudgedModelState => ({ model: churn, score, band, capped, causes, previousCauses });
const cause = (key: string): LiveCause => ({
  key,
  dataset: 'urn:li:dataset:x',
  detector: 'freshness_lag',
  severity: 'high',
  message: 'late',
  models: [churn],
});

const CAROL = { by: 'carol.diaz', reason: 'backfill running', until: '2027-01-05T00:00:00.000Z' };

/** Runs cycles one after another, carrying the announced state as the service does. */
function cycles(
  steps: { model?: JudgedModelState; live?: string[]; again?: string[]; accepted?: string[] }[],
  r = rules,
) {
  let models: Record<string, AnnouncedModel | undefined> = {};
  let causes: Record<string, AnnouncedCause> = {};
  return steps.map((s, i) => {
    const input: TransitionInput = {
      at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
      judged: s.model ? [s.model] : [],
      live: new Map((s.live ?? []).map((k) => [k, cause(k)])),
      models,
      causes,
      ...(s.again ? { raisedAgain: new Set(s.again) } : {}),
      ...(s.accepted ? { accepted: new Map(s.accepted.map((k) => [k, CAROL])) } : {}),
      rules: r,
    };
    const out = transitionsOf(input);
    models = { ...models, ...out.models };
    causes = { ...causes, ...out.causes };
    return out.transitions;
  });
}

describe('transitions', () => {
  it('a first judgment is news unless trusted; an unchanged cycle says nothing', () => {
    const [first, again] = cycles([
      { model: judged(45, 'at_risk', ['k']), live: ['k'] },
      { model: judged(45, 'at_risk', ['k']), live: ['k'] },
    ]);
    expect(first).toHaveLength(1);
    expect(first![0]).toMatchObject({
      kind: 'cause',
      state: 'raised',
      key: 'k',
      moved: [{ model: churn, from: null, to: 'at_risk', score: 45 }],
      movedCount: 1,
    });
    expect(again).toEqual([]);
    expect(cycles([{ model: judged(100, 'trusted') }])[0]).toEqual([]);
    // a band no root cause explains (the model's own finding) is a transition of its own
    expect(cycles([{ model: judged(70, 'caution', []) }])[0]).toMatchObject([
      { kind: 'band', from: null, to: 'caution' },
    ]);
  });

  it('a failure and its fix are one transition each, carrying the models they moved', () => {
    const out = cycles(
      [
        { model: judged(100, 'trusted') },
        { model: judged(60, 'caution', ['k']), live: ['k'] },
        { model: judged(60, 'caution', ['k']), live: ['k'] },
        { model: judged(100, 'trusted', [], false, ['k']) },
      ],
      promptly,
    );
    expect(out.map((t) => t.map((x) => x.id))).toEqual([[], ['cause:k:1:raised'], [], ['cause:k:1:cleared']]);
    expect(out[1]![0]).toMatchObject({ moved: [{ from: 'trusted', to: 'caution' }] });
    expect(out[3]![0]).toMatchObject({ moved: [{ from: 'caution', to: 'trusted' }] });
  });

  it('a wobble around an edge within the margin is not announced; a move past it is, once', () => {
    const out = cycles([
      { model: judged(85, 'trusted') },
      { model: judged(78, 'caution') }, // 78 + 5 = 83: still trusted with the margin
      { model: judged(81, 'trusted') },
      { model: judged(79, 'caution') },
      { model: judged(70, 'caution') }, // past the margin: announced
      { model: judged(70, 'caution') },
      { model: judged(82, 'trusted') }, // 82 - 5 = 77: not back yet
      { model: judged(90, 'trusted') },
    ]);
    expect(out.map((t) => t.length)).toEqual([0, 0, 0, 0, 1, 0, 0, 1]);
    expect(out[4]![0]).toMatchObject({
      kind: 'band',
      from: 'trusted',
      to: 'caution',
      id: `band:${churn.urn}:1`,
      seq: 1,
    });
    expect(out[7]![0]).toMatchObject({
      kind: 'band',
      from: 'caution',
      to: 'trusted',
      id: `band:${churn.urn}:2`,
      seq: 2,
    });
  });

  it('a band set by a severity cap is announced at once', () => {
    const out = cycles([{ model: judged(90, 'trusted') }, { model: judged(80, 'at_risk', ['k'], true) }]);
    expect(out[1]![0]).toMatchObject({ from: 'trusted', to: 'at_risk' });
  });

  it('a root cause clears after clearAfter cycles gone; a return within them is not news; a later return is a new episode', () => {
    const out = cycles([{ live: ['k'] }, {}, { live: ['k'] }, {}, {}, {}, { live: ['k'] }]);
    expect(out.map((t) => t.map((x) => x.id))).toEqual([
      ['cause:k:1:raised'],
      [],
      [],
      [],
      ['cause:k:1:cleared'],
      [],
      ['cause:k:2:raised'],
    ]);
    // each carries its episode: a clearing, the episode it ends
    expect(out.flatMap((t) => t.map((x) => x.kind === 'cause' && [x.state, x.episode]))).toEqual([
      ['raised', 1],
      ['cleared', 1],
      ['raised', 2],
    ]);
  });

  it('a cause live all along whose incident is raised anew (a person closed the last one) is a new episode; a return is not', () => {
    const out = cycles([
      { live: ['k'] },
      { live: ['k'] },
      { live: ['k'], again: ['k'] }, // NO_ACTION_REQUIRED, then the evidence changed: a new incident, a new alert
      { live: ['k'] },
      {}, // gone one cycle (clearAfter 2): Janus resolved its incident, and raises one when it is back
      { live: ['k'], again: ['k'] },
    ]);
    expect(out.map((t) => t.map((x) => x.id))).toEqual([['cause:k:1:raised'], [], ['cause:k:2:raised'], [], [], []]);
    // a cause not announced live is raised as usual, once
    expect(cycles([{ live: ['k'], again: ['k'] }])[0]!.map((t) => t.id)).toEqual(['cause:k:1:raised']);
  });

  it('an announced root cause a person accepts is announced accepted at once (not cleared); its lapse is a new episode', () => {
    const [raised, accepted, quiet, lapsed] = cycles([
      { model: judged(45, 'at_risk', ['k']), live: ['k'] },
      { model: judged(100, 'trusted', [], false, ['k']), accepted: ['k'] },
      { model: judged(100, 'trusted', [], false, []), accepted: ['k'] },
      { model: judged(45, 'at_risk', ['k'], false, []), live: ['k'] },
    ]);
    expect(raised).toMatchObject([{ state: 'raised', episode: 1 }]);
    // said at once, though clearAfter is 2: a person's decision is no wobble; the model it moved goes with it
    expect(accepted).toEqual([
      expect.objectContaining({
        id: 'cause:k:1:accepted',
        state: 'accepted',
        acceptance: CAROL,
        moved: [{ model: churn, from: 'at_risk', to: 'trusted', score: 100 }],
      }),
    ]);
    expect(quiet).toEqual([]);
    expect(lapsed).toMatchObject([{ id: 'cause:k:2:raised', state: 'raised', episode: 2 }]);
    // accepted before it was ever announced: nothing to say
    expect(cycles([{ model: judged(100, 'trusted'), accepted: ['k'] }])[0]).toEqual([]);
  });

  it('a transition queued before it carried its episode or sequence gets them from its id', () => {
    const [raised, cleared] = cycles([{ live: ['k'] }, {}], promptly).map((t) => t[0]);
    const moved = cycles([{ model: judged(90, 'trusted') }, { model: judged(40, 'at_risk', [], true) }])[1]![0];
    /** The transition as a payload queued before the field existed carries it. */
    const older = (t: Transition, field: 'episode' | 'seq') =>
      Object.fromEntries(Object.entries(t).filter(([k]) => k !== field)) as TransitionRecord;
    for (const [t, field] of [
      [raised!, 'episode'],
      [cleared!, 'episode'],
      [moved!, 'seq'],
    ] as const) {
      expect(t).toHaveProperty(field);
      expect(transitionOf(older(t, field))).toEqual(t);
    }
    // an id that does not say: the first
    expect(transitionOf({ ...older(moved!, 'seq'), id: 'band:x' })).toMatchObject({ seq: 1 });
  });

  it('bounds what a transition names', () => {
    const causes = Array.from({ length: 120 }, (_, i) => `k${i}`);
    const [t] = cycles([{ model: judged(0, 'at_risk', causes) }])[0]!;
    expect(t).toMatchObject({ causeCount: 120 });
    expect(t!.kind === 'band' && t!.causes.length).toBe(50);
  });
});
