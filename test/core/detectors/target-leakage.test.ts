import { describe, expect, it } from 'vitest';
import { resolveLabel } from '../../../src/core/conventions/label.js';
import { targetLeakage } from '../../../src/core/detectors/target-leakage.js';
import { col, context, detectAll, graph } from '../builder.js';
import { findingsOf } from './rule.js';

/** raw.chargebacks → clean.chargebacks → features.fraud_features (feature) and training.fraud_train (label). */
function leakyGraph() {
  return graph()
    .model({ customProperties: { label: 'is_fraud' } })
    .dataset('raw_chargebacks', { cols: ['txn_id*', 'chargeback_at'] })
    .dataset('clean_chargebacks', { cols: ['txn_id*', 'chargeback_at'] })
    .dataset('fraud_features', { cols: ['txn_id*', 'days_to_chargeback', 'amount'] })
    .dataset('fraud_train', { cols: ['txn_id*', 'is_fraud', 'amount'] })
    .lineage('clean_chargebacks', 'raw_chargebacks')
    .lineage('fraud_features', 'clean_chargebacks')
    .lineage('fraud_train', 'clean_chargebacks')
    .column('clean_chargebacks.chargeback_at', 'raw_chargebacks.chargeback_at')
    .column('clean_chargebacks.txn_id', 'raw_chargebacks.txn_id')
    .column('fraud_features.days_to_chargeback', 'clean_chargebacks.chargeback_at')
    .column('fraud_features.txn_id', 'clean_chargebacks.txn_id')
    .column('fraud_train.is_fraud', 'clean_chargebacks.chargeback_at')
    .column('fraud_train.txn_id', 'clean_chargebacks.txn_id')
    .feature('days_to_chargeback', ['fraud_features'])
    .feature('amount', ['fraud_features'])
    .training('fraud_train');
}

const detectWithLabel = (b: ReturnType<typeof graph>) =>
  findingsOf(targetLeakage, b.g, context({ label: resolveLabel(b.g) }));

describe('target_leakage', () => {
  it('fires when a feature column and the label share an ancestor column, with the full chain', () => {
    const [f, ...rest] = detectWithLabel(leakyGraph());
    expect(rest).toHaveLength(0);
    expect(f).toMatchObject({ detector: 'target_leakage', severity: 'critical', weight: 20 });
    expect(f!.entity).toContain('clean_chargebacks');
    expect(f!.evidence.chains).toEqual([
      [
        col('fraud_features', 'days_to_chargeback'),
        col('clean_chargebacks', 'chargeback_at'),
        col('fraud_train', 'is_fraud'),
      ],
    ]);
    expect(f!.message).toMatch(/days_to_chargeback.*clean_chargebacks\.chargeback_at.*fraud_train\.is_fraud/);
  });

  it('keeps the same key on every run', () => {
    expect(detectWithLabel(leakyGraph())[0]!.key).toBe(detectWithLabel(leakyGraph())[0]!.key);
  });

  it('does not fire when feature and label share only a key column', () => {
    const b = leakyGraph();
    b.g.features = b.g.features.filter((f) => !f.includes('days_to_chargeback'));
    b.feature('txn_id', ['fraud_features']);
    expect(detectWithLabel(b)).toEqual([]);
  });

  it("does not fire on a column named like one of the model's primary keys", () => {
    const b = graph()
      .model({ customProperties: { label: 'is_fraud' } })
      .dataset('src', { cols: ['account_id', 'x'] })
      .dataset('feat', { cols: ['account_id'] })
      .dataset('train', { cols: ['is_fraud'] })
      .column('feat.account_id', 'src.account_id')
      .column('train.is_fraud', 'src.account_id')
      .feature('account_id', ['feat'])
      .primaryKey('account_id')
      .training('train');
    expect(detectWithLabel(b)).toEqual([]);
  });

  it('does not fire without a label, nor when lineages never meet', () => {
    const noLabel = leakyGraph().model({ customProperties: {} });
    expect(detectWithLabel(noLabel)).toEqual([]);
    const b = leakyGraph();
    b.g.columnUpstreams[col('fraud_features', 'days_to_chargeback')] = [];
    expect(detectWithLabel(b)).toEqual([]);
  });

  it('lists every chain when the same leak is reached by several paths, as one finding', () => {
    const b = leakyGraph()
      .dataset('refunds', { cols: ['refund_at'] })
      .column('fraud_features.days_to_chargeback', 'refunds.refund_at')
      .column('fraud_train.is_fraud', 'refunds.refund_at');
    const findings = detectWithLabel(b);
    expect(findings).toHaveLength(1);
    expect((findings[0]!.evidence.chains as string[][]).map((c) => c[1])).toEqual([
      col('clean_chargebacks', 'chargeback_at'),
      col('refunds', 'refund_at'),
    ]);
  });

  it('is safe on cycles in column lineage', () => {
    const b = leakyGraph().column('raw_chargebacks.chargeback_at', 'fraud_features.days_to_chargeback');
    expect(detectWithLabel(b)).toHaveLength(1);
  });
});

describe('resolveLabel', () => {
  it('prefers the io.janus.label structured property, then custom properties, then a tagged column', () => {
    const b = leakyGraph();
    expect(resolveLabel(b.g)).toEqual({ column: col('fraud_train', 'is_fraud'), source: 'custom_property' });
    b.model({ structuredProperties: { 'io.janus.label': [col('fraud_train', 'amount')] } });
    expect(resolveLabel(b.g)?.source).toBe('structured_property');
    const tagged = leakyGraph().model({ customProperties: {} });
    tagged.g.nodes[tagged.g.trainingData[0]!]!.columns[1]!.labels = ['Target'];
    expect(resolveLabel(tagged.g)).toEqual({ column: col('fraud_train', 'is_fraud'), source: 'column_tag' });
  });
});

describe('target_leakage chains', () => {
  it('drops a chain that only extends another (the training copy of a feature column)', () => {
    const b = graph()
      .model({ customProperties: { label: 'is_fraud' } })
      .dataset('src', { cols: ['chargeback_at'] })
      .dataset('feat', { cols: ['days'] })
      .dataset('train', { cols: ['days', 'is_fraud'] })
      .column('feat.days', 'src.chargeback_at')
      .column('train.days', 'feat.days')
      .column('train.is_fraud', 'src.chargeback_at')
      .feature('days', ['feat'])
      .training('train');
    const [f] = findingsOf(targetLeakage, b.g, context({ label: resolveLabel(b.g) }));
    expect(f!.evidence.chains).toEqual([[col('feat', 'days'), col('src', 'chargeback_at'), col('train', 'is_fraud')]]);
  });

  it('a feature the model lists twice leaks once: one finding per key where findings are gathered', () => {
    const b = leakyGraph();
    b.g.features.push(b.g.features[0]!); // mlModelProperties.mlFeatures naming it twice
    const ctx = context({ label: resolveLabel(b.g) });
    // the rule itself sees the feature twice; judging keeps one finding per key
    expect(findingsOf(targetLeakage, b.g, ctx)).toHaveLength(2);
    const leaks = detectAll(b.g, ctx).filter((f) => f.detector === 'target_leakage');
    expect(leaks.map((f) => f.key)).toEqual([`target_leakage:${b.g.features[0]}:${col('fraud_train', 'is_fraud')}`]);
  });
});
