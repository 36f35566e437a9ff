import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseTimeOutput, runCliProcess } from '../../bench/cli-process.js';
import { medianRun, writesInOutput } from '../../bench/measure-cli.js';
import type { CliRunFigures } from '../../bench/figures.js';
import { requireBuiltCli } from '../support/built-cli.js';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'janus-bench-cli-'));
const env = { PATH: process.env.PATH ?? '', JANUS_LOG_LEVEL: 'error' };
/** Running: in /proc and not a zombie. */
const running = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

describe('GNU time output', () => {
  it('reads the last line, after the note a non-zero exit adds', () => {
    expect(parseTimeOutput('Command exited with non-zero status 1\n2.51 1.40 0.08 51234 1\n')).toEqual({
      wallMs: 2510,
      userMs: 1400,
      sysMs: 80,
      maxRssKb: 51234,
      exitCode: 1,
    });
    expect(parseTimeOutput('0.00 0.00 0.00 1000 0')).toMatchObject({ exitCode: 0, maxRssKb: 1000 });
    expect(parseTimeOutput('Command terminated by signal 9\n')).toBeUndefined();
    expect(parseTimeOutput('')).toBeUndefined();
  });
});

describe('a janus process under a budget', () => {
  beforeAll(requireBuiltCli);
  it('reports the exit, the bytes written, and CPU and peak RSS from the OS', async () => {
    const dir = tmp();
    const run = await runCliProcess({
      args: ['--version'],
      env,
      budgetMs: 30_000,
      stdoutFile: path.join(dir, 'out'),
      cwd: dir,
    });
    expect(run).toMatchObject({
      status: 'done',
      exitCode: 0,
      stdoutBytes: fs.readFileSync(path.join(dir, 'out')).length,
    });
    expect(fs.readFileSync(path.join(dir, 'out'), 'utf8')).toMatch(/^\d+\.\d+\.\d+\n$/);
    if (fs.existsSync('/usr/bin/time')) expect(run.accounting).toBe('wait4');
    expect(run.cpuMs).toBeGreaterThan(0);
    // a Node process holds more than 20 MB
    expect(run.peakRssKb).toBeGreaterThan(20_000);
  });

  it('counts an exit code the command gives on failure as an error, unless it is expected', async () => {
    const dir = tmp();
    const opts = { args: ['trust'], env, budgetMs: 30_000, stdoutFile: path.join(dir, 'out'), cwd: dir };
    const failed = await runCliProcess(opts);
    expect(failed).toMatchObject({ status: 'error', exitCode: 2 });
    expect(failed.reason).toMatch(/exited 2/);
    expect(await runCliProcess({ ...opts, okExitCodes: [2] })).toMatchObject({ status: 'done', exitCode: 2 });
  });

  it('kills the process when its budget runs out, keeping what was sampled', async () => {
    const dir = tmp();
    // the simulator runs until stopped
    const run = await runCliProcess({
      args: ['sim', '--port', '0'],
      env,
      budgetMs: 3_000,
      stdoutFile: path.join(dir, 'out'),
      cwd: dir,
    });
    expect(run).toMatchObject({ status: 'budget', accounting: 'polled' });
    expect(run.wallMs).toBeGreaterThanOrEqual(3_000);
    expect(run.peakRssKb).toBeGreaterThan(20_000);
    expect(run.pid).toBeDefined();
    expect(running(run.pid!)).toBe(false);
  });
});

const figures = (wallMs: number, peakRssMb: number, requests: number): CliRunFigures => ({
  status: 'done',
  wallMs,
  peakRssMb,
  requests,
  accounting: 'wait4',
  stdoutBytes: 10,
  byOperation: { [`op${wallMs}`]: 1 },
});

describe('repeated runs', () => {
  it('take each figure as the median of the runs, and the operations of the run of median wall time', () => {
    const m = medianRun([figures(3_000, 200, 11), figures(1_000, 220, 11), figures(2_000, 180, 12)]);
    expect(m).toMatchObject({ wallMs: 2_000, peakRssMb: 200, requests: 11, byOperation: { op2000: 1 } });
    expect(medianRun([figures(5, 1, 1)])).toMatchObject({ wallMs: 5, peakRssMb: 1, requests: 1 });
  });

  it("read the write-back's size from what `janus scan` prints", () => {
    expect(writesInOutput('x\nWrite-back plan (3655 writes, nothing written):\n  tag')).toBe(3655);
    expect(writesInOutput('Write-back plan (1 write, nothing written):')).toBe(1);
    expect(writesInOutput('Write-back plan: DataHub already matches; nothing to write.')).toBe(0);
    expect(writesInOutput('Wrote 261 change(s) to DataHub.\n')).toBe(261);
    expect(writesInOutput('{"models": []}')).toBeUndefined();
  });
});
