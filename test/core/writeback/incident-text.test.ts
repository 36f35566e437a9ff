import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICY } from '../../../src/core/detectors/registered.js';
import { finding } from '../../../src/core/finding.js';
import { modelsOf } from '../../../src/core/writeback/conventions.js';
import { incidentDescription, NAMED_MODELS } from '../../../src/core/writeback/incident-text.js';
import type { RootCause } from '../../../src/core/writeback/root-causes.js';

const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:snowflake,raw.events,PROD)';
const models = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => ({
    urn: `urn:li:mlModel:(urn:li:dataPlatform:mlflow,m${String(i + from).padStart(4, '0')},PROD)`,
    name: `m${String(i + from).padStart(4, '0')}`,
  }));

function cause(detector: 'freshness_lag' | 'target_leakage', withIt: number, downstream: number): RootCause {
  const f = finding(DEFAULT_POLICY, detector, {
    entity: DATASET,
    message: 'raw.events is 3 days late',
    evidence: { chains: [['a', 'b']] },
    key: `${detector}:${DATASET}`,
  });
  const have = models(withIt);
  return {
    key: f.key,
    finding: f,
    dataset: DATASET,
    models: have,
    blastRadius: [...have, ...models(downstream, withIt)],
  };
}

describe('incidentDescription', () => {
  it('names every model when there are few', () => {
    const text = incidentDescription(cause('freshness_lag', 2, 3));
    expect(text).toContain('Models with this finding: m0000, m0001\n');
    expect(text).toContain('Other models downstream: m0002, m0003, m0004\n');
  });

  it(`names the first ${NAMED_MODELS} of thousands of models and counts the rest`, () => {
    const text = incidentDescription(cause('freshness_lag', 3000, 2000));
    expect(text).toContain(`Models with this finding: m0000, m0001, `);
    expect(text).toContain(`m0024 and 2975 more (3000 in all)\n`);
    expect(text).not.toContain('m0025,');
    expect(text).toContain('Other models downstream: m3000, ');
    expect(text).toContain(`m3024 and 1975 more (2000 in all)\n`);
    expect(text.length).toBeLessThan(2000);
  });

  it('records the models only for a leak, which clears model by model', () => {
    expect(modelsOf(incidentDescription(cause('freshness_lag', 40, 0)))).toEqual([]);
    expect(modelsOf(incidentDescription(cause('target_leakage', 40, 0)))).toEqual(models(40).map((m) => m.urn));
  });
});
