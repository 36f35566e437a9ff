import { describe, expect, it } from 'vitest';
import { describeNeed, requiredPrivileges, WRITE_PRIVILEGES } from '../../src/datahub/privileges.js';
import { WRITE_ORDER } from '../../src/datahub/writeback/write-kinds.js';
import { failureLines } from '../../src/render/write-failures.js';

describe('requiredPrivileges', () => {
  it('lists each privilege once, platform ones first, with the writes it allows', () => {
    expect(requiredPrivileges(['writeBack']).map((r) => [r.scope, r.privilege, r.entityTypes])).toEqual([
      ['platform', 'CREATE_TAGS', []],
      ['platform', 'MANAGE_STRUCTURED_PROPERTIES', []],
      ['entity', 'EDIT_ENTITY', ['incident']],
      ['entity', 'EDIT_ENTITY_INCIDENTS', ['dataset']],
      ['entity', 'EDIT_ENTITY_ASSERTIONS', ['dataset']],
      ['entity', 'EDIT_ENTITY_PROPERTIES', ['mlModel']],
      ['entity', 'EDIT_ENTITY_TAGS', ['mlModel']],
      ['entity', 'EDIT_ENTITY_DOC_LINKS', ['mlModel']],
    ]);
    const tags = requiredPrivileges(['writeBack']).find((r) => r.privilege === 'EDIT_ENTITY_TAGS');
    expect(tags).toMatchObject({ writes: ['removeTag', 'addTag'], alternatives: ['EDIT_ENTITY'] });
  });

  it('adds what the Slack app writes, merging the entities a privilege is checked on', () => {
    const all = requiredPrivileges(['writeBack', 'incidentActions', 'ownerClaims', 'writeBack']);
    expect(all.find((r) => r.privilege === 'EDIT_ENTITY_INCIDENTS')?.writes).toContain('incidentAction');
    expect(all.find((r) => r.privilege === 'EDIT_ENTITY_OWNERS')).toMatchObject({
      writes: ['claimOwnership'],
      entityTypes: ['mlModel', 'dataset'],
    });
    expect(requiredPrivileges(['ownerClaims']).map((r) => r.privilege)).toEqual(['EDIT_ENTITY_OWNERS']);
    expect(requiredPrivileges([])).toEqual([]);
  });

  it('covers every write-back kind', () => {
    const writes = requiredPrivileges(['writeBack']).flatMap((r) => r.writes);
    expect([...writes].sort()).toEqual([...WRITE_ORDER].sort());
  });

  it.each([
    ['createTag', 'CREATE_TAGS (or MANAGE_TAGS)'],
    ['setTrust', 'EDIT_ENTITY_PROPERTIES (or EDIT_ENTITY) on ML models'],
    ['claimOwnership', 'EDIT_ENTITY_OWNERS (or EDIT_ENTITY) on ML models and datasets'],
  ] as const)('describes what %s needs: %s', (write, text) => {
    expect(describeNeed(write)).toBe(text);
    expect(WRITE_PRIVILEGES[write].what).toMatch(/^[a-z]/);
  });
});

describe('failureLines', () => {
  it('reports a refused kind once, however many writes it blocked, and other failures one a line', () => {
    const refused = (target: string) => ({
      kind: 'addTag',
      target,
      error: 'DataHub refused to tag at-risk models: the token lacks EDIT_ENTITY_TAGS',
      privilege: 'EDIT_ENTITY_TAGS',
    });
    const lines = failureLines([
      refused('urn:li:mlModel:(urn:li:dataPlatform:mlflow,a,PROD)'),
      { kind: 'upsertLink', target: 'urn:li:mlModel:(urn:li:dataPlatform:mlflow,b,PROD)', error: 'An unknown error' },
      refused('urn:li:mlModel:(urn:li:dataPlatform:mlflow,c,PROD)'),
    ]);
    expect(lines).toEqual([
      'REFUSED addTag (2 writes): DataHub refused to tag at-risk models: the token lacks EDIT_ENTITY_TAGS',
      'FAILED upsertLink b: An unknown error',
    ]);
  });
});
