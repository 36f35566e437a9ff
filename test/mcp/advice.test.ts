import { describe, expect, it } from 'vitest';
import type { Finding } from '../../src/core/finding.js';
import { adviceFor } from '../../src/mcp/advice.js';
import { lineagePath } from '../../src/mcp/lineage-path.js';
import { troubledVerdict } from '../render/verdicts.js';
import { ds, graph, HOUR, NOW } from '../core/builder.js';

const finding = (detector: Finding['detector'], entity: string, evidence: Record<string, unknown>): Finding => ({
  detector,
  severity: 'medium',
  weight: 10,
  entity,
  message: '',
  evidence,
  key: `${detector}:${entity}`,
});

describe('what to do about a finding', () => {
  it('leakage: drop or re-derive the feature, cut the path at the shared ancestor', () => {
    const leak = troubledVerdict().findings.find((f) => f.detector === 'target_leakage')!;
    const advice = adviceFor(leak);
    expect(advice[0]).toBe(
      'Drop feature days_to_chargeback from the model, or re-derive it only from data known at prediction time.',
    );
    expect(advice[1]).toContain('Cut the column path at the shared ancestor clean_chargebacks.chargeback_at');
    expect(advice[1]).toContain('the label fraud_train.is_fraud does');
  });

  it('freshness: the producing job when DataHub knows one, else the source, and where the SLA comes from', () => {
    const b = graph()
      .dataset('fx_rates', { lastUpdated: NOW - 30 * HOUR })
      .dataset('landed', { lastUpdated: NOW - 30 * HOUR })
      .training('fx_rates')
      .job('load_fx', {}, ['fx_rates'], ['landed']);
    const stale = finding('freshness_lag', ds('fx_rates'), {
      slaMs: 24 * HOUR,
      slaSource: 'dataset_property',
      lagMs: 30 * HOUR,
    });
    expect(adviceFor(stale, b.g)).toEqual([
      'Check the job that produces fx_rates (load_fx): its latest run, and whether it is still scheduled.',
      "The 1d SLA comes from the dataset's freshness_sla property: if it is wrong, change it there, not in Janus.",
    ]);
    const unproduced = finding('freshness_lag', ds('landed'), { slaMs: null, assertion: 'urn:li:assertion:fresh-1' });
    expect(adviceFor(unproduced, b.g)).toEqual([
      'Nothing in DataHub produces landed: check the source or ingestion that lands it.',
      'Look at the latest run of the freshness check fresh-1.',
    ]);
  });

  it('failure: the job and its run, or the failing assertion', () => {
    const job = 'urn:li:dataJob:(urn:li:dataFlow:(airflow,etl,PROD),build_clean)';
    const failed = finding('upstream_failure', ds('clean'), {
      job,
      run: 'urn:li:dataProcessInstance:run-7',
      failedAt: Date.UTC(2026, 0, 2),
      produces: [ds('clean')],
    });
    expect(adviceFor(failed)).toEqual([
      'Open run run-7 of job build_clean (failed 2026-01-02T00:00:00.000Z): fix the cause and re-run it.',
      'Until a run succeeds, treat clean as stale or partial.',
    ]);
    const assertion = finding('upstream_failure', ds('clean'), {
      assertion: 'urn:li:assertion:rows-1',
      dataset: ds('clean'),
    });
    expect(adviceFor(assertion)[0]).toBe(
      'Look at the failing assertion rows-1 on clean: fix the data, or the check if the check is wrong.',
    );
  });

  it('owner, deprecation, removal: claim it, migrate off it', () => {
    expect(adviceFor(finding('missing_owner', ds('t'), { departedOwners: ['urn:li:corpuser:bob'] }))).toEqual([
      'Claim t: add an owner in DataHub, a person or team still here, who answers when it breaks.',
      'Remove the owners who have left (bob).',
    ]);
    expect(adviceFor(finding('deprecated_upstream', ds('old'), { note: 'use new_t' }))[0]).toBe(
      'Migrate off old (its deprecation note: use new_t) to its replacement, then retrain.',
    );
    expect(adviceFor(finding('removed_upstream', ds('gone'), {}))[0]).toBe(
      'gone was removed from DataHub: migrate the model to its replacement and retrain.',
    );
  });
});

describe('the lineage path from an entity to the model', () => {
  it('is the shortest path down to the model, or undefined when the entity is not upstream', () => {
    const b = graph()
      .dataset('raw')
      .dataset('clean')
      .dataset('train')
      .dataset('elsewhere')
      .lineage('clean', 'raw')
      .lineage('train', 'clean', 'raw')
      .training('train');
    expect(lineagePath(b.g, ds('raw'))).toEqual([ds('raw'), ds('train'), b.g.model]);
    expect(lineagePath(b.g, ds('clean'))).toEqual([ds('clean'), ds('train'), b.g.model]);
    expect(lineagePath(b.g, b.g.model)).toEqual([b.g.model]);
    expect(lineagePath(b.g, ds('elsewhere'))).toBeUndefined();
  });
});
