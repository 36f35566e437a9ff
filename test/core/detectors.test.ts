import { describe, expect, it } from 'vitest';
import { detect } from '../../src/core/detectors/index.js';
import { freshnessLag } from '../../src/core/detectors/freshness-lag.js';
import { deprecatedUpstream, removedUpstream } from '../../src/core/detectors/lifecycle.js';
import { missingOwner } from '../../src/core/detectors/missing-owner.js';
import { upstreamFailure } from '../../src/core/detectors/upstream-failure.js';
import { alice, bob, context, ds, graph, HOUR, job, NOW } from './builder.js';

/** raw → clean → train (training data of the model). */
const chain = () =>
  graph()
    .dataset('raw', { lastUpdated: NOW - 2 * HOUR })
    .dataset('clean', { lastUpdated: NOW - 1 * HOUR })
    .dataset('train', { lastUpdated: NOW - 1 * HOUR })
    .lineage('clean', 'raw')
    .lineage('train', 'clean')
    .training('train');

const run = (result: 'SUCCESS' | 'FAILURE', at: number) => ({
  urn: `urn:li:dataProcessInstance:${result}-${at}`,
  at,
  result,
});

describe('upstream_failure', () => {
  it('fires when the latest run of a job producing an upstream dataset failed', () => {
    const b = chain().job('build_clean', { latestRun: run('FAILURE', NOW - HOUR) }, ['clean'], ['raw']);
    const [f] = upstreamFailure(b.g, context());
    expect(f).toMatchObject({
      detector: 'upstream_failure',
      severity: 'high',
      weight: 40,
      entity: ds('clean'),
      key: `upstream_failure:${job('build_clean')}`,
    });
  });

  it('does not fire on an old failure followed by a success (only the latest run counts)', () => {
    const b = chain().job('build_clean', { latestRun: run('SUCCESS', NOW - HOUR) }, ['clean'], ['raw']);
    expect(upstreamFailure(b.g, context())).toEqual([]);
  });

  it('fires on a failed non-freshness assertion, not on a failed freshness one', () => {
    const b = chain();
    b.g.nodes[ds('raw')]!.assertions = [
      { urn: 'urn:li:assertion:nulls', kind: 'other', description: 'no nulls', latest: { at: NOW, result: 'FAILURE' } },
      { urn: 'urn:li:assertion:fresh', kind: 'freshness', latest: { at: NOW, result: 'FAILURE' } },
      { urn: 'urn:li:assertion:rows', kind: 'other', latest: { at: NOW, result: 'SUCCESS' } },
    ];
    expect(upstreamFailure(b.g, context()).map((f) => f.key)).toEqual(['upstream_failure:urn:li:assertion:nulls']);
  });
});

describe('freshness_lag', () => {
  it('fires when the last update is older than the SLA, with last update, SLA and lag as evidence', () => {
    const b = chain()
      .dataset('raw', { lastUpdated: NOW - 30 * HOUR, customProperties: { freshness_sla: 'PT24H' } })
      .lineage('clean', 'raw');
    const [f, ...rest] = freshnessLag(b.g, context());
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ entity: ds('raw'), severity: 'medium', weight: 15 });
    expect(f!.evidence).toMatchObject({
      lastUpdated: NOW - 30 * HOUR,
      slaMs: 24 * HOUR,
      lagMs: 30 * HOUR,
      slaSource: 'dataset_property',
    });
    expect(f!.message).toBe('raw was last updated 1d 6h ago; its freshness SLA is 1d.');
  });

  it('does not fire on a table stale but within its SLA', () => {
    const b = chain()
      .dataset('raw', { lastUpdated: NOW - 20 * HOUR, customProperties: { freshness_sla: '24h' } })
      .lineage('clean', 'raw');
    expect(freshnessLag(b.g, context())).toEqual([]);
  });

  it('does not fire when the SLA is unknown, nor when the last update is unknown', () => {
    const noSla = chain()
      .dataset('raw', { lastUpdated: NOW - 1000 * HOUR })
      .lineage('clean', 'raw');
    expect(freshnessLag(noSla.g, context())).toEqual([]);
    const noUpdate = chain()
      .dataset('raw', { customProperties: { freshness_sla: 'PT1H' } })
      .lineage('clean', 'raw');
    expect(freshnessLag(noUpdate.g, context())).toEqual([]);
  });

  it('uses the SLA conventions in order: assertion, dbt, dataset, job, platform default, global default', () => {
    const b = chain()
      .dataset('raw', { lastUpdated: NOW - 3 * HOUR })
      .lineage('clean', 'raw');
    const raw = b.g.nodes[ds('raw')]!;
    expect(
      freshnessLag(b.g, context({ freshness: { globalMs: 2 * HOUR, byPlatform: {} } }))[0]?.evidence.slaSource,
    ).toBe('config_default');
    expect(
      freshnessLag(b.g, context({ freshness: { globalMs: 2 * HOUR, byPlatform: { snowflake: 10 * HOUR } } })),
    ).toEqual([]);
    b.job('load_raw', { customProperties: { sla: 'datetime.timedelta(seconds=3600)' } }, ['raw']);
    expect(freshnessLag(b.g, context())[0]?.evidence).toMatchObject({ slaSource: 'job_property', slaMs: HOUR });
    raw.customProperties.freshness_sla = 'PT4H';
    expect(freshnessLag(b.g, context())).toEqual([]);
    raw.assertions = [{ urn: 'urn:li:assertion:dbt', kind: 'dbt_freshness', slaMs: 2 * HOUR }];
    expect(freshnessLag(b.g, context())[0]?.evidence.slaSource).toBe('dbt_freshness');
    raw.assertions.push({ urn: 'urn:li:assertion:f', kind: 'freshness', slaMs: 5 * HOUR });
    expect(freshnessLag(b.g, context())).toEqual([]);
  });

  it('fires when the latest freshness assertion run failed, even without a known SLA', () => {
    const b = chain();
    b.g.nodes[ds('clean')]!.assertions = [
      { urn: 'urn:li:assertion:f', kind: 'freshness', latest: { at: NOW, result: 'FAILURE' } },
    ];
    expect(freshnessLag(b.g, context()).map((f) => f.entity)).toEqual([ds('clean')]);
  });
});

describe('one finding per root cause', () => {
  it('folds a stale table downstream of another stale table into the root finding', () => {
    const b = chain()
      .dataset('raw', { lastUpdated: NOW - 30 * HOUR, customProperties: { freshness_sla: 'PT24H' } })
      .dataset('clean', { lastUpdated: NOW - 30 * HOUR, customProperties: { freshness_sla: 'PT24H' } })
      .lineage('clean', 'raw');
    const findings = detect(b.g, context());
    expect(findings.map((f) => f.key)).toEqual([`freshness_lag:${ds('raw')}`]);
    expect(findings[0]!.evidence.downstreamEffects).toEqual([expect.objectContaining({ entity: ds('clean') })]);
  });

  it('folds a stale table into an upstream failure', () => {
    const b = chain()
      .dataset('train', { lastUpdated: NOW - 30 * HOUR, customProperties: { freshness_sla: 'PT24H' } })
      .lineage('train', 'clean')
      .job('build_clean', { latestRun: run('FAILURE', NOW - HOUR) }, ['clean'], ['raw']);
    expect(detect(b.g, context()).map((f) => f.detector)).toEqual(['upstream_failure']);
  });
});

describe('missing_owner', () => {
  it('fires on the model or a first-hop input with no owner, naming departed owners', () => {
    const b = chain()
      .model({ owners: [bob] })
      .dataset('train', { owners: [] })
      .training('train');
    const findings = missingOwner(b.g, context());
    expect(findings.map((f) => f.entity)).toEqual([b.g.model, ds('train')]);
    expect(findings[0]!.message).toBe('fraud_model is owned only by people who have left: bob.');
    expect(findings[1]!.message).toBe('train has no owner.');
  });

  it('does not fire when an owner is still active, nor on deeper upstream tables', () => {
    const b = chain()
      .model({ owners: [bob, alice] })
      .dataset('raw', { owners: [] })
      .lineage('clean', 'raw');
    expect(missingOwner(b.g, context())).toEqual([]);
  });

  it('counts a group as an owner', () => {
    const b = chain().model({
      owners: [{ urn: 'urn:li:corpGroup:risk', kind: 'group', name: 'risk', departed: false }],
    });
    expect(missingOwner(b.g, context())).toEqual([]);
  });
});

describe('deprecated_upstream and removed_upstream', () => {
  it('fire on upstream entities marked deprecated or removed, and only those', () => {
    const b = chain()
      .dataset('raw', { deprecated: { note: 'use raw_v2' }, removed: true })
      .lineage('clean', 'raw');
    expect(deprecatedUpstream(b.g, context()).map((f) => [f.entity, f.weight, f.message])).toEqual([
      [ds('raw'), 10, 'raw is deprecated (use raw_v2).'],
    ]);
    expect(removedUpstream(b.g, context()).map((f) => [f.entity, f.severity])).toEqual([[ds('raw'), 'high']]);
    expect(deprecatedUpstream(chain().g, context())).toEqual([]);
  });
});
