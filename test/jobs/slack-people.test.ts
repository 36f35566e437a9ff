import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { AlertStore } from '../../src/jobs/alert-store.js';
import { startService } from '../../src/compose/service.js';
import type { SlackClient } from '../../src/jobs/slack-client.js';
import { slackIds } from '../../src/jobs/slack-people.js';
import { judgePolicy } from '../../src/config/index.js';
import { judgeSchema } from '../../src/config/judge.js';
import { cycleSchema } from '../../src/config/cycle.js';
import { createDataHubClient } from '../../src/datahub/client.js';
import { createLogger } from '../../src/log.js';
import { startSim } from '@janus/datahub-sim';
import { eventually, REDIS_URL } from '../support/service.js';
import { redisWithPrefixes } from '../support/redis-prefixes.js';

/**
 * Who an alert mentions (issue 17, routing): a DataHub user's Slack id from `users.lookupByEmail`, cached in Redis
 * with a TTL ("no such user" too), else the Slack handle DataHub holds; a departed user never; and the warning at
 * start when there is no fallback channel for what reaches nobody.
 */

const { redis, prefix } = redisWithPrefixes();

const logger = createLogger({ level: 'silent' });
const platformError = (error: string) =>
  Object.assign(new Error(`An API error occurred: ${error}`), { code: 'slack_webapi_platform_error', data: { error } });

/** A workspace that knows some emails, is down for others, and counts the lookups. */
function workspace(known: Record<string, string>, down: string[] = []) {
  const asked: string[] = [];
  const slack = {
    users: {
      lookupByEmail: async ({ email }: { email: string }) => {
        asked.push(email);
        if (down.includes(email)) throw platformError('service_unavailable');
        const id = known[email];
        if (!id) throw platformError('users_not_found');
        return { ok: true, user: { id } };
      },
    },
  } as unknown as SlackClient;
  return { slack, asked };
}

const user = (name: string, o: { email?: string; slack?: string; active?: boolean } = {}) => ({
  kind: 'user' as const,
  urn: `urn:li:corpuser:${name}`,
  name,
  active: o.active ?? true,
  groups: [],
  ...(o.email ? { email: o.email } : {}),
  ...(o.slack ? { slack: o.slack } : {}),
});

describe('the Slack ids an alert mentions', () => {
  it('by email, cached for the TTL (a "no such user" too); else DataHub’s Slack id; a departed user never', async () => {
    const store = new AlertStore(redis, prefix());
    const { slack, asked } = workspace({ 'dev@acme.example': 'U1DEV0099' }, ['down@acme.example']);
    const users = [
      user('dev', { email: 'dev@acme.example', slack: 'U0DEVOLD1' }),
      user('carol', { email: 'carol@acme.example', slack: 'U0CAROL01' }),
      user('gone', { email: 'gone@acme.example', slack: 'U0GONE001', active: false }),
      user('flaky', { email: 'down@acme.example', slack: 'U0FLAKY01' }),
      user('handle', { slack: '@not-an-id' }),
    ];
    const deps = { slack, store, ttlMs: 60_000, logger };
    const first = await slackIds(users, deps);
    expect(Object.fromEntries(first)).toEqual({
      'urn:li:corpuser:dev': 'U1DEV0099',
      'urn:li:corpuser:carol': 'U0CAROL01',
      'urn:li:corpuser:flaky': 'U0FLAKY01',
    });
    expect(asked.sort()).toEqual(['carol@acme.example', 'dev@acme.example', 'down@acme.example']);
    // within the TTL: only the lookup that failed (not cached) is asked again
    asked.length = 0;
    expect(Object.fromEntries(await slackIds(users, deps))).toEqual(Object.fromEntries(first));
    expect(asked).toEqual(['down@acme.example']);

    // past the TTL: asked again
    const short = { ...deps, store: new AlertStore(redis, prefix()), ttlMs: 30 };
    await slackIds([users[0]!], short);
    asked.length = 0;
    await eventually(async () => (await short.store.cachedUser('dev@acme.example')) === undefined, 'the TTL over');
    await slackIds([users[0]!], short);
    expect(asked).toEqual(['dev@acme.example']);
  });
});

describe('starting with Slack alerts on', () => {
  it('says that alerts reaching no channel are only logged when slack.fallbackChannel is not set', async () => {
    const sim = await startSim({ demo: true, port: 0 });
    const lines: string[] = [];
    const service = await startService({
      redisUrl: REDIS_URL,
      prefix: prefix(),
      cycle: cycleSchema.parse({ interval: '1h' }),
      client: createDataHubClient({ url: sim.url }),
      policy: judgePolicy(judgeSchema.parse({})),
      logger: createLogger({
        level: 'info',
        format: 'json',
        destination: { write: (l: string) => void lines.push(l) },
      }),
      registry: new Registry(),
      scheduler: false,
      workers: true,
      alerts: {
        botToken: 'xoxb-test',
        apiUrl: 'http://127.0.0.1:9/api/',
        digestAbove: 10,
        escalateAfterMs: 3_600_000,
        userCacheTtlMs: 60_000,
        channelGapMs: 1000,
      },
    });
    try {
      const warned = lines.map((l) => JSON.parse(l) as { level: number; msg: string }).filter((l) => l.level === 40);
      expect(warned.map((l) => l.msg)).toContainEqual(expect.stringContaining('are only logged'));
    } finally {
      await service.close(2_000);
      await sim.close();
    }
  });
});
