import { DEFAULT_POLICY } from '../../src/core/detectors/registered.js';
import type { UpstreamGraph } from '../../src/core/graph.js';
import { DEFAULT_BANDS } from '../../src/core/score.js';
import { JudgmentSession } from '../../src/core/session.js';
import { assess, verdictOf, type Verdict } from '../../src/core/verdict.js';
import type { Acceptance } from '../../src/core/acceptance/acceptance.js';
import { shapeOf } from '../../src/core/acceptance/lapse.js';
import { ACCEPTANCE_PROPERTY, storedAcceptance } from '../../src/core/acceptance/stored.js';
import { ds, graph, HOUR, NOW } from '../core/builder.js';

const DAY = 24 * HOUR;

const policy = { policy: DEFAULT_POLICY, bands: DEFAULT_BANDS, freshness: { byPlatform: {} } };

/**
 * A deeper supply chain than the render fixtures, for the picture: a failed job whose output is read two hops
 * away, a stale table folded into it, a deprecated source, and one feature leaking the label by two chains.
 */
export function deepCase(): { verdict: Verdict; graph: UpstreamGraph } {
  const b = graph()
    .model({ customProperties: { label: 'is_fraud' } })
    .dataset('raw_chargebacks', { cols: ['txn_id*', 'chargeback_at'], lastUpdated: NOW - HOUR })
    .dataset('fx_rates', {
      cols: ['currency', 'rate'],
      lastUpdated: NOW - HOUR,
      deprecated: { note: 'use fx_rates_v2' },
    })
    .dataset('clean_chargebacks', { cols: ['txn_id*', 'chargeback_at'], lastUpdated: NOW - HOUR })
    .dataset('daily_agg', {
      cols: ['txn_id*', 'days_to_chargeback'],
      lastUpdated: NOW - 30 * HOUR,
      customProperties: { freshness_sla: 'PT24H' },
    })
    .dataset('fraud_features', { cols: ['txn_id*', 'days_to_chargeback', 'rate'], lastUpdated: NOW - HOUR })
    .dataset('fraud_train', { cols: ['txn_id*', 'is_fraud', 'days_to_chargeback'], lastUpdated: NOW - HOUR })
    .lineage('clean_chargebacks', 'raw_chargebacks')
    .lineage('daily_agg', 'clean_chargebacks')
    .lineage('fraud_features', 'daily_agg', 'fx_rates')
    .lineage('fraud_train', 'clean_chargebacks')
    .column('clean_chargebacks.chargeback_at', 'raw_chargebacks.chargeback_at')
    .column('daily_agg.days_to_chargeback', 'clean_chargebacks.chargeback_at')
    .column('fraud_features.days_to_chargeback', 'daily_agg.days_to_chargeback')
    .column('fraud_train.days_to_chargeback', 'clean_chargebacks.chargeback_at')
    .column('fraud_train.is_fraud', 'clean_chargebacks.chargeback_at')
    .feature('days_to_chargeback', ['fraud_features'])
    .training('fraud_train')
    .job(
      'build_clean',
      { latestRun: { urn: 'urn:li:dataProcessInstance:run-9', at: NOW - 2 * HOUR, result: 'FAILURE' } },
      ['clean_chargebacks'],
      ['raw_chargebacks'],
    );
  return judged(b.g);
}

function judged(g: UpstreamGraph): { verdict: Verdict; graph: UpstreamGraph } {
  const run = new JudgmentSession(policy, NOW);
  const a = assess(run, g);
  const verdict = verdictOf(
    run,
    g,
    a,
    Object.fromEntries(a.offending.map((d) => [d, [{ urn: g.model, name: 'fraud_model' }]])),
    { now: NOW, datahub: 'http://datahub.example:8080' },
  );
  return { verdict, graph: g };
}

/**
 * The deep case with acceptances stored on the model, as DataHub holds them: the leak accepted (in force), the deprecated
 * table's ended, the failed job's made for an earlier run (a new episode), and one whose finding is gone.
 */
export function acceptedCase(): { verdict: Verdict; graph: UpstreamGraph } {
  const { verdict, graph: g } = deepCase();
  const finding = (detector: string) => verdict.findings.find((f) => f.detector === detector)!;
  const iso = (ms: number) => new Date(ms).toISOString();
  const leak = finding('target_leakage');
  const deprecated = finding('deprecated_upstream');
  const failed = finding('upstream_failure');
  const acceptances: Acceptance[] = [
    {
      key: leak.key,
      by: 'carol.diaz',
      reason: 'backfill running <until Friday>',
      at: iso(NOW - DAY),
      until: iso(NOW + 5 * DAY),
      accepted: shapeOf(leak),
      source: 'datahub',
    },
    {
      key: deprecated.key,
      by: 'dev.patel',
      reason: 'fx_rates_v2 lands next sprint',
      at: iso(NOW - 10 * DAY),
      until: iso(NOW - HOUR),
      accepted: shapeOf(deprecated),
      source: 'datahub',
    },
    {
      key: failed.key,
      by: 'dev.patel',
      reason: 'flaky run, retried',
      at: iso(NOW - 3 * DAY),
      until: iso(NOW + 4 * DAY),
      accepted: { severity: failed.severity, evidence: 'an-earlier-run' },
      source: 'datahub',
    },
    {
      key: `freshness_lag:${ds('raw_chargebacks')}`,
      by: 'erin.walsh',
      reason: 'vendor feed paused',
      at: iso(NOW - 2 * DAY),
      until: iso(NOW + 2 * DAY),
      source: 'datahub',
    },
  ];
  const model = g.nodes[g.model]!;
  const graph: UpstreamGraph = {
    ...g,
    nodes: {
      ...g.nodes,
      [g.model]: {
        ...model,
        structuredProperties: {
          ...model.structuredProperties,
          [ACCEPTANCE_PROPERTY.qualifiedName]: acceptances.map(storedAcceptance),
        },
      },
    },
  };
  return judged(graph);
}
