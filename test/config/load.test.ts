import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { judgePolicy, loadConfig } from '../../src/config/index.js';
import { ConfigError } from '../../src/errors.js';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'janus-config-'));

function problemsOf(fn: () => unknown): string[] {
  try {
    fn();
  } catch (e) {
    if (e instanceof ConfigError) return e.problems;
    throw e;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('uses defaults when nothing is set', () => {
    const c = loadConfig({ env: {}, cwd: tmp() });
    expect(c.datahub.url).toBe('http://localhost:8080');
    expect(c.datahub.token).toBeUndefined();
    expect(c.log).toEqual({ level: 'info', format: 'auto' });
  });

  it("reads DataHub's own CLI variables", () => {
    const c = loadConfig({ env: { DATAHUB_GMS_URL: 'http://gms:8080', DATAHUB_GMS_TOKEN: 'tok' }, cwd: tmp() });
    expect(c.datahub).toMatchObject({ url: 'http://gms:8080', token: 'tok' });
  });

  it('lets the environment override the config file, which overrides defaults', () => {
    const dir = tmp();
    fs.writeFileSync(
      path.join(dir, 'janus.config.yaml'),
      'datahub:\n  url: http://from-file:8080\n  timeoutMs: 500\nlog:\n  level: debug\n',
    );
    const c = loadConfig({ env: { DATAHUB_GMS_URL: 'http://from-env:8080' }, cwd: dir });
    expect(c.datahub.url).toBe('http://from-env:8080');
    expect(c.datahub.timeoutMs).toBe(500);
    expect(c.log.level).toBe('debug');
  });

  it('reads how many DataHub requests may be in flight at once, 4 by default, at least 1', () => {
    expect(loadConfig({ env: {}, cwd: tmp() }).datahub.concurrency).toBe(4);
    expect(loadConfig({ env: { JANUS_DATAHUB_CONCURRENCY: '2' }, cwd: tmp() }).datahub.concurrency).toBe(2);
    expect(problemsOf(() => loadConfig({ env: { JANUS_DATAHUB_CONCURRENCY: '0' }, cwd: tmp() }))[0]).toMatch(
      /datahub\.concurrency.*JANUS_DATAHUB_CONCURRENCY/,
    );
  });

  it('reads the on-call responders (JANUS_SLACK_RESPONDERS): Slack user group and member ids, nothing else', () => {
    expect(loadConfig({ env: {}, cwd: tmp() }).slack.responders).toEqual([]);
    const env = { JANUS_SLACK_RESPONDERS: 'S0ONCALL1, U0FRANK01' };
    expect(loadConfig({ env, cwd: tmp() }).slack.responders).toEqual(['S0ONCALL1', 'U0FRANK01']);
    expect(problemsOf(() => loadConfig({ env: { JANUS_SLACK_RESPONDERS: '@ml-oncall' }, cwd: tmp() }))[0]).toMatch(
      /slack\.responders.*a Slack user group id/,
    );
  });

  it('reads the admins (JANUS_SLACK_ADMINS): DataHub user urns, Slack member ids or emails, nothing else', () => {
    const env = { JANUS_SLACK_ADMINS: 'urn:li:corpuser:carol.diaz, U0FRANK01 erin@acme.example' };
    expect(loadConfig({ env, cwd: tmp() }).slack.admins).toEqual([
      'urn:li:corpuser:carol.diaz',
      'U0FRANK01',
      'erin@acme.example',
    ]);
    expect(problemsOf(() => loadConfig({ env: { JANUS_SLACK_ADMINS: 'carol.diaz' }, cwd: tmp() }))[0]).toMatch(
      /slack\.admins.*a DataHub user urn \(urn:li:corpuser:…\), a Slack member id \(U…, W…\) or an email/,
    );
  });

  it('judges at the clock unless judge.asOf (JANUS_AS_OF, an ISO 8601 instant with its zone) names one', () => {
    const clock = loadConfig({ env: {}, cwd: tmp() }).judge;
    expect(clock.asOf).toBeUndefined();
    expect(judgePolicy(clock).asOf).toBeUndefined();
    const env = loadConfig({ env: { JANUS_AS_OF: '2025-06-02T12:00:00Z' }, cwd: tmp() }).judge;
    expect(judgePolicy(env).asOf).toBe(Date.UTC(2025, 5, 2, 12));
    const offset = loadConfig({ env: { JANUS_AS_OF: '2025-06-02T14:00:00+02:00' }, cwd: tmp() }).judge;
    expect(judgePolicy(offset).asOf).toBe(Date.UTC(2025, 5, 2, 12));
    const dir = tmp();
    fs.writeFileSync(
      path.join(dir, 'janus.config.yaml'),
      'judge:\n  asOf: "2024-01-01T00:00:00Z"\n  bands:\n    trusted: 90\n',
    );
    const file = loadConfig({ env: {}, cwd: dir }).judge;
    expect(judgePolicy(file)).toMatchObject({ asOf: Date.UTC(2024, 0, 1), bands: { trusted: 90 } });
    // the environment wins over the file, and keeps the file's other judge settings
    expect(judgePolicy(loadConfig({ env: { JANUS_AS_OF: '2025-06-02T12:00:00Z' }, cwd: dir }).judge)).toMatchObject({
      asOf: Date.UTC(2025, 5, 2, 12),
      bands: { trusted: 90 },
    });
    for (const bad of ['yesterday', '2025-06-02', '2025-06-02T12:00:00', '2025-13-02T12:00:00Z']) {
      expect(problemsOf(() => loadConfig({ env: { JANUS_AS_OF: bad }, cwd: tmp() }))[0]).toMatch(
        /judge\.asOf.*JANUS_AS_OF/,
      );
    }
  });

  it('reads how many writes go in one DataHub request, 50 by default, from 1 to 250', () => {
    expect(loadConfig({ env: {}, cwd: tmp() }).datahub.writeBatch).toBe(50);
    expect(loadConfig({ env: { JANUS_DATAHUB_WRITE_BATCH: '3' }, cwd: tmp() }).datahub.writeBatch).toBe(3);
    expect(problemsOf(() => loadConfig({ env: { JANUS_DATAHUB_WRITE_BATCH: '0' }, cwd: tmp() }))[0]).toMatch(
      /datahub\.writeBatch.*JANUS_DATAHUB_WRITE_BATCH/,
    );
    expect(problemsOf(() => loadConfig({ env: { JANUS_DATAHUB_WRITE_BATCH: '251' }, cwd: tmp() }))[0]).toMatch(
      /datahub\.writeBatch/,
    );
  });

  it('reads an explicit --config file and fails clearly when it is missing', () => {
    const dir = tmp();
    fs.writeFileSync(path.join(dir, 'other.yaml'), 'datahub:\n  url: http://other:1\n');
    expect(loadConfig({ env: {}, cwd: dir, file: 'other.yaml' }).datahub.url).toBe('http://other:1');
    expect(problemsOf(() => loadConfig({ env: {}, cwd: dir, file: 'nope.yaml' }))).toEqual([
      'config file nope.yaml: not found',
    ]);
  });

  it('reports every problem at once, naming the setting, its variable and what was expected', () => {
    const problems = problemsOf(() =>
      loadConfig({ env: { DATAHUB_GMS_URL: 'not a url', JANUS_LOG_LEVEL: 'loud', REDIS_URL: 'http://x' }, cwd: tmp() }),
    );
    expect(problems).toHaveLength(3);
    expect(problems.find((p) => p.startsWith('datahub.url'))).toMatch(/DATAHUB_GMS_URL.*"not a url"/);
    expect(problems.find((p) => p.startsWith('log.level'))).toMatch(/JANUS_LOG_LEVEL.*expected one of/i);
    expect(problems.find((p) => p.startsWith('redis.url'))).toMatch(/redis:\/\//);
  });

  it('never echoes a secret value in an error', () => {
    const problems = problemsOf(() => loadConfig({ env: { SLACK_BOT_TOKEN: 'hunter2-not-a-bot-token' }, cwd: tmp() }));
    expect(problems.join('\n')).toContain('slack.botToken');
    expect(problems.join('\n')).not.toContain('hunter2');
  });

  it('rejects a config file that is not a mapping or not YAML', () => {
    const dir = tmp();
    fs.writeFileSync(path.join(dir, 'janus.config.yaml'), '- a\n- b\n');
    expect(problemsOf(() => loadConfig({ env: {}, cwd: dir }))[0]).toMatch(/expected a mapping/);
    fs.writeFileSync(path.join(dir, 'janus.config.yaml'), 'datahub: [unclosed\n');
    expect(problemsOf(() => loadConfig({ env: {}, cwd: dir }))[0]).toMatch(/not valid YAML/);
  });
});
