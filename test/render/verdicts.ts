import { DEFAULT_POLICY } from '../../src/core/detectors/registered.js';
import { DEFAULT_BANDS } from '../../src/core/score.js';
import { JudgmentSession } from '../../src/core/session.js';
import { assess, verdictOf, type Verdict } from '../../src/core/verdict.js';
import { bob, ds, graph, HOUR, job, NOW } from '../core/builder.js';

const policy = { policy: DEFAULT_POLICY, bands: DEFAULT_BANDS, freshness: { byPlatform: {} } };

/** A model with one of every common finding, and a clean one: the fixtures every formatter renders. */
export function troubledVerdict(): Verdict {
  const b = graph()
    .model({ customProperties: { label: 'is_fraud' }, owners: [bob] })
    .dataset('raw_chargebacks', { cols: ['txn_id*', 'chargeback_at'], lastUpdated: NOW - HOUR })
    .dataset('fx_rates', {
      cols: ['currency', 'rate'],
      lastUpdated: NOW - 30 * HOUR,
      customProperties: { freshness_sla: 'PT24H' },
    })
    .dataset('clean_chargebacks', { cols: ['txn_id*', 'chargeback_at'], lastUpdated: NOW - HOUR })
    .dataset('fraud_features', { cols: ['txn_id*', 'days_to_chargeback'], lastUpdated: NOW - HOUR })
    .dataset('fraud_train', { cols: ['txn_id*', 'is_fraud'], lastUpdated: NOW - HOUR })
    .lineage('clean_chargebacks', 'raw_chargebacks')
    .lineage('fraud_features', 'clean_chargebacks', 'fx_rates')
    .lineage('fraud_train', 'clean_chargebacks')
    .column('clean_chargebacks.chargeback_at', 'raw_chargebacks.chargeback_at')
    .column('fraud_features.days_to_chargeback', 'clean_chargebacks.chargeback_at')
    .column('fraud_train.is_fraud', 'clean_chargebacks.chargeback_at')
    .feature('days_to_chargeback', ['fraud_features'])
    .training('fraud_train')
    .job(
      'build_clean',
      { latestRun: { urn: 'urn:li:dataProcessInstance:run-7', at: NOW - 2 * HOUR, result: 'FAILURE' } },
      ['clean_chargebacks'],
      ['raw_chargebacks'],
    );
  const run = new JudgmentSession(policy, NOW);
  const a = assess(run, b.g);
  const other = { urn: 'urn:li:mlModel:(urn:li:dataPlatform:mlflow,chargeback_model,PROD)', name: 'chargeback_model' };
  const downstream = Object.fromEntries(a.offending.map((d) => [d, [other, { urn: b.g.model, name: 'fraud_model' }]]));
  return verdictOf(run, b.g, a, downstream, { now: NOW, datahub: 'http://datahub.example:8080' });
}

export function cleanVerdict(): Verdict {
  const b = graph()
    .dataset('fraud_train', { lastUpdated: NOW - HOUR })
    .training('fraud_train');
  const run = new JudgmentSession(policy, NOW);
  return verdictOf(run, b.g, assess(run, b.g), {}, { now: NOW, datahub: 'http://datahub.example:8080' });
}

export { ds, job };
