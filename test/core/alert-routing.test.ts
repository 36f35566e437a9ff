import { describe, expect, it } from 'vitest';
import {
  FALLBACK,
  routeAlert,
  routeEntity,
  type RoutedEntity,
  type OwnerFacts,
} from '../../src/core/alerts/routing.js';

const risk = { urn: 'urn:li:corpGroup:risk-ml', name: 'Risk ML', channel: '#risk-ml-oncall' };
const platform = { urn: 'urn:li:corpGroup:data-platform', name: 'Data Platform', channel: 'data-platform-alerts' };
const quiet = { urn: 'urn:li:corpGroup:quiet', name: 'Quiet' };
const user = (name: string, over: Partial<Extract<OwnerFacts, { kind: 'user' }>> = {}): OwnerFacts => ({
  kind: 'user',
  urn: `urn:li:corpuser:${name}`,
  name,
  active: true,
  email: `${name}@acme.example`,
  groups: [],
  ...over,
});
const entity = (urn: string, owners: OwnerFacts[], channel?: string): RoutedEntity => ({
  urn,
  name: urn,
  owners,
  ...(channel ? { channel } : {}),
});

describe('alert routing (DataHub ownership → Slack channels and mentions)', () => {
  it('a group owner routes to its channel; active user owners are mentioned there', () => {
    expect(routeEntity(entity('m', [{ kind: 'group', ...risk }, user('dev')]))).toEqual({
      channels: ['risk-ml-oncall'],
      users: ['urn:li:corpuser:dev'],
    });
  });

  it('an entity owned by users only routes to the channels of their groups', () => {
    expect(routeEntity(entity('m', [user('dev', { groups: [risk, quiet] })])).channels).toEqual(['risk-ml-oncall']);
  });

  it('a suspended user is never mentioned, and their groups do not route', () => {
    expect(routeEntity(entity('m', [user('bob', { active: false, groups: [risk] })]))).toEqual({
      channels: [],
      users: [],
    });
  });

  it('a model’s own slack_channel property wins over its owners’ channels', () => {
    expect(routeEntity(entity('m', [{ kind: 'group', ...risk }, user('dev')], '#fraud-model')).channels).toEqual([
      'fraud-model',
    ]);
  });

  it('the root cause’s channels list every model; each model’s channels list it; what reaches nobody goes to the fallback', () => {
    const cause = { channels: ['data-platform-alerts'], users: ['urn:li:corpuser:carol'] };
    const routes = routeAlert(cause, [
      { urn: 'a', route: { channels: ['risk-ml-oncall'], users: ['urn:li:corpuser:dev'] } },
      { urn: 'b', route: { channels: [], users: [] } },
    ]);
    expect(routes).toEqual({
      'data-platform-alerts': { models: ['a', 'b'], users: ['urn:li:corpuser:carol'] },
      'risk-ml-oncall': { models: ['a'], users: ['urn:li:corpuser:dev'] },
    });
    const orphan = routeAlert({ channels: [], users: [] }, [
      { urn: 'b', route: { channels: [], users: ['urn:li:corpuser:erin'] } },
    ]);
    expect(orphan).toEqual({ [FALLBACK]: { models: ['b'], users: ['urn:li:corpuser:erin'] } });
    expect(routeEntity(entity('d', [{ kind: 'group', ...platform }])).channels).toEqual(['data-platform-alerts']);
  });
});
