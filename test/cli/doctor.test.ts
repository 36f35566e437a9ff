import { writeBackToken } from '../support/policy-token.js';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startSim } from '@janus/datahub-sim';
import { startFakeSlack } from '../slack/fake-slack.js';
import { eventually, moreCycles, serviceBed } from '../support/service.js';
import { requireBuiltCli, runJanus } from './run-janus.js';

// `janus doctor` (issue 35 §3): the checklist, each ❌ naming its fix, exit 0 when nothing fails.
interface Report {
  checks: { area: string; name: string; status: string; detail: string; fix?: string }[];
  settings: { path: string; source: string; value: string }[];
  ok: boolean;
}

const doctor = async (env: Record<string, string>) => {
  const r = await runJanus(['doctor', '--json'], env);
  return { code: r.code, report: JSON.parse(r.stdout) as Report, stderr: r.stderr };
};
const failed = (r: Report) => r.checks.filter((c) => c.status === 'fail');

async function freePort(): Promise<number> {
  const s = net.createServer().listen(0, '127.0.0.1');
  await new Promise((r) => s.once('listening', r));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}

async function slackWorld() {
  const slack = await startFakeSlack();
  onTestFinished(() => slack.close());
  const channel = slack.addChannel({ name: 'ml-alerts', member: true });
  return {
    slack,
    env: {
      SLACK_BOT_TOKEN: 'xoxb-doctor-test-token',
      SLACK_SIGNING_SECRET: 'doctor-signing-secret',
      SLACK_API_URL: slack.apiUrl,
      JANUS_SLACK_FALLBACK_CHANNEL: channel,
    },
  };
}

describe('janus doctor', () => {
  beforeAll(requireBuiltCli);

  it('against the simulator, a running service and Slack: every check ✅, exit 0; secrets shown as set only', async () => {
    const bed = await serviceBed();
    const serve = bed.start('serve');
    await serve.ready;
    await moreCycles(bed.state, 1);
    const { env: slackEnv } = await slackWorld();
    const { code, report } = await doctor({ ...bed.env, ...slackEnv, DATAHUB_GMS_TOKEN: 'no-token-needed-here' });
    expect(
      report.checks.filter((c) => c.status !== 'ok'),
      JSON.stringify(report.checks, null, 1),
    ).toEqual([]);
    expect(code).toBe(0);
    expect(report.checks.map((c) => c.area)).toEqual(expect.arrayContaining(['datahub', 'redis', 'slack']));
    const setting = (path: string) => report.settings.find((s) => s.path === path);
    expect(setting('datahub.url')).toMatchObject({ source: 'env', value: bed.sim.url });
    expect(setting('slack.botToken')).toMatchObject({ source: 'env', value: 'set' });
    expect(setting('mcp.httpToken')).toMatchObject({ source: 'default', value: 'unset' });
    expect(JSON.stringify(report)).not.toContain('xoxb-doctor-test-token');
    expect(JSON.stringify(report)).not.toContain('doctor-signing-secret');
  });

  it('a token DataHub refuses: ❌ naming DATAHUB_GMS_TOKEN, exit 1', async () => {
    const sim = await startSim({ demo: true, port: 0, token: 'the-right-token' });
    onTestFinished(() => sim.close());
    const { code, report } = await doctor({ DATAHUB_GMS_URL: sim.url, DATAHUB_GMS_TOKEN: 'a-wrong-token' });
    expect(code).toBe(1);
    expect(failed(report)).toEqual([
      expect.objectContaining({
        area: 'datahub',
        name: 'token accepted',
        fix: expect.stringContaining('DATAHUB_GMS_TOKEN'),
      }),
    ]);
  });

  it('a token without a privilege a write needs: ❌ naming the privilege and the write it blocks', async () => {
    const sim = await startSim({
      demo: true,
      port: 0,
      // everything a write-back needs but tagging models
      tokens: { janus: writeBackToken('EDIT_ENTITY_TAGS') },
    });
    onTestFinished(() => sim.close());
    const { code, report } = await doctor({ DATAHUB_GMS_URL: sim.url, DATAHUB_GMS_TOKEN: 'janus' });
    expect(code).toBe(1);
    expect(failed(report)).toEqual([
      expect.objectContaining({
        name: 'EDIT_ENTITY_TAGS on ML models',
        detail: expect.stringContaining('model-at-risk tag'),
        fix: expect.stringContaining('grant EDIT_ENTITY_TAGS to janus'),
      }),
    ]);
  });

  it('a DataHub whose /config reports 0.15.0: ❌ naming the version and the oldest supported', async () => {
    const sim = await startSim({ demo: true, port: 0, reportedVersion: 'v0.15.0' });
    onTestFinished(() => sim.close());
    const { code, report } = await doctor({ DATAHUB_GMS_URL: sim.url });
    expect(code).toBe(1);
    expect(failed(report)).toEqual([
      expect.objectContaining({
        name: 'version',
        detail: expect.stringContaining('v0.15.0 is older than Janus supports'),
        fix: expect.stringContaining('v1.0.0'),
      }),
    ]);
  });

  const redisServer = fs.existsSync('/usr/bin/redis-server') ? '/usr/bin/redis-server' : undefined;
  it.skipIf(!redisServer)('Redis at allkeys-lru: ❌ naming noeviction', async () => {
    const port = await freePort();
    const redis = spawn(
      redisServer!,
      [
        '--port',
        String(port),
        '--save',
        '',
        '--appendonly',
        'no',
        '--bind',
        '127.0.0.1',
        '--maxmemory-policy',
        'allkeys-lru',
      ],
      { stdio: 'ignore' },
    );
    onTestFinished(() => void redis.kill('SIGKILL'));
    const sim = await startSim({ demo: true, port: 0 });
    onTestFinished(() => sim.close());
    const env = { DATAHUB_GMS_URL: sim.url, REDIS_URL: `redis://127.0.0.1:${port}` };
    const report = await eventually(async () => {
      const r = await doctor(env);
      return r.report.checks.some((c) => c.name === 'reachable' && c.area === 'redis' && c.status === 'ok') && r;
    }, 'the Redis of the test');
    expect(report.code).toBe(1);
    expect(failed(report.report)).toContainEqual(
      expect.objectContaining({
        area: 'redis',
        name: 'maxmemory-policy',
        detail: expect.stringContaining('allkeys-lru'),
        fix: expect.stringContaining('noeviction'),
      }),
    );
  });

  it('Slack refusing the bot token (invalid_auth): ❌ naming SLACK_BOT_TOKEN', async () => {
    const { slack, env } = await slackWorld();
    slack.authError = 'invalid_auth';
    const sim = await startSim({ demo: true, port: 0 });
    onTestFinished(() => sim.close());
    const { code, report } = await doctor({ DATAHUB_GMS_URL: sim.url, ...env });
    expect(code).toBe(1);
    expect(failed(report)).toContainEqual(
      expect.objectContaining({
        area: 'slack',
        detail: 'auth.test: invalid_auth',
        fix: expect.stringContaining('SLACK_BOT_TOKEN'),
      }),
    );
  });

  it('a scope the app lacks: ❌ naming the scope and what it is for', async () => {
    const { slack, env } = await slackWorld();
    slack.scopes = slack.scopes.filter((s) => s !== 'users:read.email');
    const sim = await startSim({ demo: true, port: 0 });
    onTestFinished(() => sim.close());
    const { code, report } = await doctor({ DATAHUB_GMS_URL: sim.url, ...env });
    expect(code).toBe(1);
    const scopes = failed(report).find((c) => c.name === 'scopes')!;
    expect(scopes.detail).toContain('users:read.email');
    expect(scopes.fix).toContain('reinstall');
  });
});
