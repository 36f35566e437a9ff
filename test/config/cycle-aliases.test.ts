import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { commandConfig } from '../../src/cli/context.js';
import { exitFor } from '../../src/cli/exit-code.js';
import { configFileValues, loadConfig, type LoadConfigOptions } from '../../src/config/load.js';
import { ConfigError } from '../../src/errors.js';

/** The service's cycle settings are `cycle.*` / `JANUS_CYCLE_*`; the old `scan.*` / `JANUS_SCAN_*` still work. */
const dirWith = (yaml?: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'janus-config-'));
  if (yaml !== undefined) fs.writeFileSync(path.join(dir, 'janus.config.yaml'), yaml);
  return dir;
};

function load(options: LoadConfigOptions) {
  const lines: string[] = [];
  const config = loadConfig({ ...options, warn: (line) => lines.push(line) });
  return { config, lines };
}

function refusal(options: LoadConfigOptions): ConfigError {
  try {
    loadConfig({ ...options, warn: () => {} });
  } catch (e) {
    if (e instanceof ConfigError) return e;
    throw e;
  }
  throw new Error('expected a ConfigError');
}

describe('cycle.* settings', () => {
  it('are read under their names, with no deprecation line', () => {
    const { config, lines } = load({
      env: { JANUS_CYCLE_REFRESH: '5m' },
      cwd: dirWith('cycle:\n  interval: 2s\n  writeChunk: 7\n'),
    });
    expect(config.cycle).toMatchObject({ interval: 2000, refresh: 300_000, writeChunk: 7 });
    expect(lines).toEqual([]);
  });

  it('are read from the old scan section, with one deprecation line naming the new keys', () => {
    const { config, lines } = load({ env: {}, cwd: dirWith('scan:\n  interval: 2s\n') });
    expect(config.cycle.interval).toBe(2000);
    expect(lines).toEqual(['janus.config.yaml: `scan` is deprecated, use `cycle` (scan.interval → cycle.interval)']);
    expect(configFileValues({ cwd: dirWith('scan:\n  interval: 2s\n') })).toEqual({ cycle: { interval: '2s' } });
  });

  it('are read from the old environment variables, one deprecation line each', () => {
    const { config, lines } = load({
      env: { JANUS_SCAN_INTERVAL: '3s', JANUS_SCAN_WRITE_CHUNK: '9', JANUS_SCAN_REFRESH: '' },
      cwd: dirWith(),
    });
    expect(config.cycle).toMatchObject({ interval: 3000, writeChunk: 9, refresh: 600_000 });
    expect(lines).toEqual([
      'env JANUS_SCAN_INTERVAL is deprecated, use JANUS_CYCLE_INTERVAL',
      'env JANUS_SCAN_WRITE_CHUNK is deprecated, use JANUS_CYCLE_WRITE_CHUNK',
    ]);
  });

  it('refuse an old and a new name given together: a configuration error (exit 2) naming both', () => {
    const both = refusal({ env: {}, cwd: dirWith('scan:\n  interval: 2s\ncycle:\n  refresh: 5m\n') });
    expect(both.problems).toEqual([
      'janus.config.yaml: both `scan` and `cycle` are given; `scan` is the old name of `cycle`: keep `cycle` only',
    ]);
    expect(exitFor(both).code).toBe(2);
    const env = refusal({ env: { JANUS_SCAN_INTERVAL: '2s', JANUS_CYCLE_INTERVAL: '3s' }, cwd: dirWith() });
    expect(env.problems).toEqual([
      'env JANUS_SCAN_INTERVAL and JANUS_CYCLE_INTERVAL are both set; JANUS_SCAN_INTERVAL is the old name of JANUS_CYCLE_INTERVAL: unset it',
    ]);
  });

  it('an old name in a command: the deprecation line goes where the command says, once', () => {
    const lines: string[] = [];
    const cmd = new Command().option('--config <file>');
    const dir = dirWith('scan:\n  refresh: 1m\n');
    cmd.parse(['--config', path.join(dir, 'janus.config.yaml')], { from: 'user' });
    expect(commandConfig(cmd, {}, (line) => lines.push(line)).cycle.refresh).toBe(60_000);
    expect(lines).toEqual(['janus.config.yaml: `scan` is deprecated, use `cycle` (scan.refresh → cycle.refresh)']);
  });
});
