import { describe, expect, it } from 'vitest';
import { recordProblems } from '../src/demo/check.js';
import { corpGroupUrn, mcp, snapshot } from '../src/demo/records.js';

describe('record builders', () => {
  it('percent-encodes group names as the Okta source does', () => {
    expect(corpGroupUrn('All Employees')).toBe('urn:li:corpGroup:All%20Employees');
    expect(corpGroupUrn('a(b),c\u241f')).toBe('urn:li:corpGroup:a%28b%29%2Cc%E2%90%9F');
    expect(corpGroupUrn('risk-ml')).toBe('urn:li:corpGroup:risk-ml');
  });

  it('writes MCPs with the entity type of the urn, and snapshots keyed by pegasus2avro classes', () => {
    expect(mcp('urn:li:corpuser:x', 'status', { removed: false })).toEqual({
      entityType: 'corpuser',
      entityUrn: 'urn:li:corpuser:x',
      changeType: 'UPSERT',
      aspectName: 'status',
      aspect: { json: { removed: false } },
    });
    expect(snapshot('urn:li:tag:t', [['tag.TagProperties', { name: 't' }]])).toEqual({
      proposedSnapshot: {
        'com.linkedin.pegasus2avro.metadata.snapshot.TagSnapshot': {
          urn: 'urn:li:tag:t',
          aspects: [{ 'com.linkedin.pegasus2avro.tag.TagProperties': { name: 't' } }],
        },
      },
    });
    expect(() => mcp('not-a-urn', 'status', {})).toThrow();
  });

  it('reports malformed records', () => {
    expect(
      recordProblems({
        entityType: 'dataset',
        entityUrn: 'urn:li:dataset:(x,y)',
        changeType: 'UPSERT',
        aspectName: 'status',
        aspect: { json: {} },
      }),
    ).not.toEqual([]);
    expect(recordProblems(mcp('urn:li:corpuser:x', 'corpUserInfo', { email: 'x@y' }))).toEqual([
      'corpUserInfo lacks required active',
    ]);
    expect(
      recordProblems(mcp('urn:li:corpuser:x', 'operation', { operationType: 'INSERT', lastUpdatedTimestamp: 1 })),
    ).toContain('operation without timestampMillis');
    expect(recordProblems(snapshot('urn:li:corpuser:x', [['common.Status', { removed: false }]]))).toEqual([]);
  });
});
