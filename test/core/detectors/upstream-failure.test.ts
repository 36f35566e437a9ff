import { describe, expect, it } from 'vitest';
import { upstreamFailure } from '../../../src/core/detectors/upstream-failure.js';
import { ds, job, NOW, HOUR } from '../builder.js';
import { chain, run } from './chains.js';
import { findingsOf } from './rule.js';

describe('upstream_failure', () => {
  it('fires when the latest run of a job producing an upstream dataset failed', () => {
    const b = chain().job('build_clean', { latestRun: run('FAILURE', NOW - HOUR) }, ['clean'], ['raw']);
    const [f] = findingsOf(upstreamFailure, b.g);
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
    expect(findingsOf(upstreamFailure, b.g)).toEqual([]);
  });

  it('fires on a failed non-freshness assertion, not on a failed freshness one', () => {
    const b = chain();
    b.g.nodes[ds('raw')]!.assertions = [
      { urn: 'urn:li:assertion:nulls', kind: 'other', description: 'no nulls', latest: { at: NOW, result: 'FAILURE' } },
      { urn: 'urn:li:assertion:fresh', kind: 'freshness', latest: { at: NOW, result: 'FAILURE' } },
      { urn: 'urn:li:assertion:rows', kind: 'other', latest: { at: NOW, result: 'SUCCESS' } },
    ];
    expect(findingsOf(upstreamFailure, b.g).map((f) => f.key)).toEqual(['upstream_failure:urn:li:assertion:nulls']);
  });
});
