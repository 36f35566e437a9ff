import { describe, expect, it } from 'vitest';
import { freshnessLag } from '../../../src/core/detectors/freshness-lag.js';
import { context, ds, HOUR, NOW } from '../builder.js';
import { chain } from './chains.js';
import { findingsOf } from './rule.js';

describe('freshness_lag', () => {
  it('fires when the last update is older than the SLA, with last update, SLA and lag as evidence', () => {
    const b = chain()
      .dataset('raw', { lastUpdated: NOW - 30 * HOUR, customProperties: { freshness_sla: 'PT24H' } })
      .lineage('clean', 'raw');
    const [f, ...rest] = findingsOf(freshnessLag, b.g);
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
    expect(findingsOf(freshnessLag, b.g)).toEqual([]);
  });

  it('does not fire when the SLA is unknown, nor when the last update is unknown', () => {
    const noSla = chain()
      .dataset('raw', { lastUpdated: NOW - 1000 * HOUR })
      .lineage('clean', 'raw');
    expect(findingsOf(freshnessLag, noSla.g)).toEqual([]);
    const noUpdate = chain()
      .dataset('raw', { customProperties: { freshness_sla: 'PT1H' } })
      .lineage('clean', 'raw');
    expect(findingsOf(freshnessLag, noUpdate.g)).toEqual([]);
  });

  it('uses the SLA conventions in order: assertion, dbt, dataset, job, platform default, global default', () => {
    const b = chain()
      .dataset('raw', { lastUpdated: NOW - 3 * HOUR })
      .lineage('clean', 'raw');
    const raw = b.g.nodes[ds('raw')]!;
    expect(
      findingsOf(freshnessLag, b.g, context({ freshness: { globalMs: 2 * HOUR, byPlatform: {} } }))[0]?.evidence
        .slaSource,
    ).toBe('config_default');
    expect(
      findingsOf(
        freshnessLag,
        b.g,
        context({ freshness: { globalMs: 2 * HOUR, byPlatform: { snowflake: 10 * HOUR } } }),
      ),
    ).toEqual([]);
    b.job('load_raw', { customProperties: { sla: 'datetime.timedelta(seconds=3600)' } }, ['raw']);
    expect(findingsOf(freshnessLag, b.g)[0]?.evidence).toMatchObject({ slaSource: 'job_property', slaMs: HOUR });
    raw.customProperties.freshness_sla = 'PT4H';
    expect(findingsOf(freshnessLag, b.g)).toEqual([]);
    raw.assertions = [{ urn: 'urn:li:assertion:dbt', kind: 'dbt_freshness', slaMs: 2 * HOUR }];
    expect(findingsOf(freshnessLag, b.g)[0]?.evidence.slaSource).toBe('dbt_freshness');
    raw.assertions.push({ urn: 'urn:li:assertion:f', kind: 'freshness', slaMs: 5 * HOUR });
    expect(findingsOf(freshnessLag, b.g)).toEqual([]);
  });

  it('fires when the latest freshness assertion run failed, even without a known SLA', () => {
    const b = chain();
    b.g.nodes[ds('clean')]!.assertions = [
      { urn: 'urn:li:assertion:f', kind: 'freshness', latest: { at: NOW, result: 'FAILURE' } },
    ];
    expect(findingsOf(freshnessLag, b.g).map((f) => f.entity)).toEqual([ds('clean')]);
  });
});
