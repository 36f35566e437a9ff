import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.js';
import { ConfigError, UsageError } from '../../src/errors.js';

// Issue 38, finding 5: `timeoutMS`, `retrys`, `intervall`, `wieght` were ignored and janus exited 0.
const withFile = (yaml: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'janus-config-'));
  fs.writeFileSync(path.join(dir, 'janus.config.yaml'), yaml);
  return dir;
};

function problemsOf(cwd: string, env: Record<string, string> = {}): string[] {
  try {
    loadConfig({ env, cwd, warn: () => {} });
  } catch (e) {
    if (e instanceof ConfigError) return e.problems;
    throw e;
  }
  throw new Error('expected a ConfigError');
}

describe('config keys Janus does not know', () => {
  it.each([
    ['datahub:\n  timeoutMS: 5000\n', 'datahub.timeoutMS', 'timeoutMs'],
    ['datahub:\n  retrys: 2\n', 'datahub.retrys', 'retries'],
    ['cycle:\n  intervall: 5s\n', 'cycle.intervall', 'interval'],
    ['judge:\n  detectors:\n    missing_owner:\n      wieght: 3\n', 'judge.detectors.missing_owner.wieght', 'weight'],
    ['judge:\n  detectors:\n    freshnes_lag: { weight: 3 }\n', 'judge.detectors.freshnes_lag', 'freshness_lag'],
    ['judge:\n  bands:\n    trustd: 70\n', 'judge.bands.trustd', 'trusted'],
    ['slack:\n  digestAbov: 3\n', 'slack.digestAbov', 'digestAbove'],
    ['mcp:\n  allowWrite: true\n', 'mcp.allowWrite', 'allowWrites'],
    ['gate:\n  maxLineageEdge: 10\n', 'gate.maxLineageEdge', 'maxLineageEdges'],
    ['datahubb:\n  url: http://x\n', 'datahubb', 'datahub'],
  ])('%j: names %s and suggests `%s`', (yaml, setting, near) => {
    expect(problemsOf(withFile(yaml))).toEqual([
      `${setting} (janus.config.yaml): unknown setting; did you mean \`${near}\`?`,
    ]);
  });

  it('a key near no known one is named without a guess', () => {
    expect(problemsOf(withFile('datahub:\n  zzzqqqxxx: 1\n'))).toEqual([
      'datahub.zzzqqqxxx (janus.config.yaml): unknown setting',
    ]);
  });

  it('under an old section name, the key is named as the file wrote it', () => {
    expect(problemsOf(withFile('scan:\n  intervall: 5s\n'))).toEqual([
      'scan.intervall (janus.config.yaml): unknown setting; did you mean `interval`?',
    ]);
  });

  it('every problem at once: unknown keys beside bad values, from the file and the environment', () => {
    const problems = problemsOf(withFile('datahub:\n  retrys: 2\n  timeoutMs: -1\nlog:\n  levl: debug\n'), {
      JANUS_DATAHUB_CONCURRENCY: 'lots',
    });
    expect(problems).toHaveLength(4);
    expect(problems.join('\n')).toContain(
      'datahub.retrys (janus.config.yaml): unknown setting; did you mean `retries`?',
    );
    expect(problems.join('\n')).toContain('log.levl (janus.config.yaml): unknown setting; did you mean `level`?');
    expect(problems.join('\n')).toContain('datahub.timeoutMs (env JANUS_DATAHUB_TIMEOUT_MS or janus.config.yaml)');
    expect(problems.join('\n')).toContain('datahub.concurrency (env JANUS_DATAHUB_CONCURRENCY');
  });

  it('the known keys, from the file and the environment, still load', () => {
    const c = loadConfig({
      env: { JANUS_GATE_MAX_ENTITIES_READ: '100' },
      cwd: withFile('datahub:\n  timeoutMs: 5000\ngate:\n  maxLineageEdges: 10\n'),
    });
    expect(c.datahub.timeoutMs).toBe(5000);
    expect(c.gate).toEqual({ maxLineageEdges: 10, maxEntitiesRead: 100 });
  });

  it('a huge unknown key is clipped where it is named', () => {
    const [problem] = problemsOf(withFile(`datahub:\n  ? ${'k'.repeat(100_000)}\n  : 1\n`));
    expect(problem!.length).toBeLessThan(500);
    expect(problem).toContain('… (100,008 characters) (janus.config.yaml): unknown setting');
  });
});

describe('a config file that is not a regular file', () => {
  it.each([
    ['/dev/zero', 'config file /dev/zero: is a character device, not a regular file'],
    [os.tmpdir(), `config file ${os.tmpdir()}: is a folder, not a file`],
  ])('--config %s is refused in one line, reading nothing', (file, says) => {
    expect(() => loadConfig({ env: {}, file })).toThrow(new UsageError(says));
  });
});
