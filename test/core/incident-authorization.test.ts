import { describe, expect, it } from 'vitest';
import { authorize, type Actor } from '../../src/core/incident-authorization.js';

const frank: Actor = {
  slackId: 'U0FRANK01',
  email: 'frank@acme.example',
  urn: 'urn:li:corpuser:frank',
  name: 'Frank',
  groups: ['urn:li:corpGroup:growth'],
};
const owners = [
  { urn: 'urn:li:corpuser:erin', name: 'Erin Walsh' },
  { urn: 'urn:li:corpGroup:growth', name: 'Growth ML' },
];
const policy = { who: 'owners' as const, admins: [] };

describe('who may act on an incident', () => {
  it('an owner directly, or through a group', () => {
    expect(authorize(policy, { ...frank, urn: 'urn:li:corpuser:erin', groups: [] }, owners)).toEqual({
      allowed: true,
      as: 'owner',
    });
    expect(authorize(policy, frank, owners)).toEqual({ allowed: true, as: 'group member', via: 'Growth ML' });
  });

  it('anyone else is refused, with the owners named and whether admins exist', () => {
    expect(authorize(policy, { ...frank, groups: [] }, owners)).toEqual({
      allowed: false,
      owners: ['Erin Walsh', 'Growth ML'],
      admins: false,
    });
    expect(authorize({ ...policy, admins: ['U0OTHER'] }, { ...frank, groups: [] }, [])).toMatchObject({
      allowed: false,
      owners: [],
      admins: true,
    });
  });

  it('admins by Slack id or email (any case), and anyone under `anyone`', () => {
    const stranger = { ...frank, groups: [] };
    expect(authorize({ ...policy, admins: ['U0FRANK01'] }, stranger, []).allowed).toBe(true);
    expect(authorize({ ...policy, admins: ['Frank@ACME.example'] }, stranger, [])).toEqual({
      allowed: true,
      as: 'admin',
    });
    expect(authorize({ who: 'anyone', admins: [] }, stranger, [])).toEqual({ allowed: true, as: 'anyone' });
  });

  it('admins by DataHub user urn, exactly; an unknown Slack id or email (the CLI may know neither) matches nothing', () => {
    const cli = { ...frank, slackId: '', email: '', groups: [] };
    expect(authorize({ ...policy, admins: ['urn:li:corpuser:frank'] }, cli, [])).toEqual({
      allowed: true,
      as: 'admin',
    });
    expect(authorize({ ...policy, admins: ['urn:li:corpuser:Frank'] }, cli, []).allowed).toBe(false);
    expect(authorize({ ...policy, admins: ['U0FRANK01', 'frank@acme.example', ' '] }, cli, []).allowed).toBe(false);
  });

  it('an on-call responder (`slack.responders`, membership read by the caller) as an admin; not without it', () => {
    const stranger = { ...frank, groups: [] };
    expect(authorize(policy, stranger, owners, { responder: true })).toEqual({ allowed: true, as: 'responder' });
    expect(authorize({ ...policy, responders: true }, stranger, owners, { responder: false })).toEqual({
      allowed: false,
      owners: ['Erin Walsh', 'Growth ML'],
      admins: false,
      responders: true,
    });
  });
});
