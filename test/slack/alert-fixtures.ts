import type { Transition } from '../../src/core/transitions.js';
import type { ModelRef } from '../../src/core/verdict.js';
import type { PlanContext, StagedAlert } from '../../src/slack/alerts/plan-cycle.js';

/** Plain data for the planner's and renderer's tests: transitions as the cycle emits them, routed. */

export const model = (name: string): ModelRef => ({
  urn: `urn:li:mlModel:(urn:li:dataPlatform:mlflow,${name},PROD)`,
  name,
});
export const dataset = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:snowflake,${name},PROD)`;
export const AT = '2026-03-01T12:00:00.000Z';
export const NOW = Date.parse(AT);

const KEY = `upstream_failure:${dataset('analytics.stg_transactions')}`;

export function raised(
  models: ModelRef[],
  opts: { key?: string; episode?: number; moved?: ModelRef[] } = {},
): Transition {
  const key = opts.key ?? KEY;
  return {
    kind: 'cause',
    id: `cause:${key}:${opts.episode ?? 1}:raised`,
    episode: opts.episode ?? 1,
    at: AT,
    state: 'raised',
    key,
    dataset: key.slice(key.indexOf(':') + 1),
    detector: key.slice(0, key.indexOf(':')),
    severity: 'high',
    message: 'An assertion on stg_transactions failed its latest run.',
    models,
    modelCount: models.length,
    since: AT,
    moved: (opts.moved ?? models).map((m) => ({
      model: m,
      from: 'trusted' as const,
      to: 'caution' as const,
      score: 60,
    })),
    movedCount: (opts.moved ?? models).length,
  };
}

export function cleared(opts: { key?: string; episode?: number; moved?: ModelRef[]; at?: string } = {}): Transition {
  const key = opts.key ?? KEY;
  return {
    kind: 'cause',
    id: `cause:${key}:${opts.episode ?? 1}:cleared`,
    episode: opts.episode ?? 1,
    at: opts.at ?? '2026-03-01T14:05:00.000Z',
    state: 'cleared',
    key,
    dataset: key.slice(key.indexOf(':') + 1),
    detector: key.slice(0, key.indexOf(':')),
    models: [],
    modelCount: 0,
    since: AT,
    moved: (opts.moved ?? []).map((m) => ({ model: m, from: 'caution' as const, to: 'trusted' as const, score: 100 })),
    movedCount: (opts.moved ?? []).length,
  };
}

export function band(
  m: ModelRef,
  from: 'trusted' | 'caution' | 'at_risk' | null,
  to: 'trusted' | 'caution' | 'at_risk',
  opts: { causes?: string[]; n?: number; score?: number } = {},
): Transition {
  return {
    kind: 'band',
    id: `band:${m.urn}:${opts.n ?? 2}`,
    seq: opts.n ?? 2,
    at: AT,
    model: m,
    from,
    to,
    score: opts.score ?? 45,
    previousScore: 60,
    causes: opts.causes ?? [KEY],
    causeCount: (opts.causes ?? [KEY]).length,
  };
}

export const CAUSE_KEY = KEY;

export function staged(t: Transition, routes: StagedAlert['routes'], extra: Partial<StagedAlert> = {}): StagedAlert {
  return {
    transition: t,
    queuedAt: NOW,
    models: t.kind === 'cause' ? t.models : [t.model],
    routes,
    story: ['An assertion on stg_transactions failed its latest run; it also explains fct_transactions.'],
    incident: 'urn:li:incident:0f1e2d3c',
    links: { report: 'http://janus.test/reports/x', datahub: 'http://datahub.test/dataset/x' },
    ...extra,
  };
}

export function context(over: Partial<PlanContext> = {}): PlanContext {
  return { now: NOW, cycle: 'c1', states: {}, live: {}, byModel: {}, snoozed: () => false, digestAbove: 10, ...over };
}
