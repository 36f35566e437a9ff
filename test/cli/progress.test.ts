import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { CLI, requireBuiltCli, runJanus } from './run-janus.js';

/** A frame of a phase's live line: its label, its bar, then done/total and the unit. */
const LINE = {
  read: /\rread {2}[█░]{16} [\d,]+\/[\d,]+ entities · page 1\/1/,
  judge: /\rjudge [█░]{16} [\d,]+\/[\d,]+ models/,
  plan: /\rplan {2}[█░]{16} [\d,]+\/[\d,]+ entities/,
  write: /\rwrite [█░]{16} [\d,]+\/[\d,]+ writes/,
};
const SUMMARY =
  /janus scan: \d+ models judged \(\d+ at risk\), [\d,]+ entities read; [\d,]+ writes applied, 0 failed; [\d.]+s/;
/** Anything a live line draws with: the bar, or a carriage return that redraws a line. */
const DRAWN = /[█░\r]/;

interface TtyRun {
  code: number | null;
  /** What the terminal received: stdout and stderr, as one pseudo-terminal shows them. */
  screen: string;
}

let sims: RunningSim[] = [];
afterEach(async () => {
  await Promise.all(sims.map((s) => s.close()));
  sims = [];
});
const demoSim = async (latencyMs = 0) => {
  const sim = await startSim({ demo: true, port: 0, latencyMs });
  sims.push(sim);
  return sim;
};

/**
 * `janus <args>` under a pseudo-terminal (util-linux `script`): stdout and stderr are TTYs, as for a person at a
 * terminal. `whenShown(screen, child)` sees the screen as it grows.
 */
function runOnTerminal(
  args: string[],
  env: Record<string, string>,
  whenShown?: (screen: string, child: ReturnType<typeof spawn>) => void,
): Promise<TtyRun> {
  const command = [process.execPath, CLI, ...args].map((a) => `'${a}'`).join(' ');
  return new Promise((resolve) => {
    const child = spawn('script', ['-q', '-e', '-c', command, '/dev/null'], {
      env: { PATH: process.env.PATH ?? '', TERM: 'xterm', JANUS_LOG_LEVEL: 'error', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let screen = '';
    child.stdout.on('data', (c: Buffer) => {
      screen += c.toString();
      whenShown?.(screen, child);
    });
    child.on('close', (code) => resolve({ code, screen }));
  });
}

beforeAll(requireBuiltCli);

describe('janus scan --all on a terminal', () => {
  it('draws a live line for the read, the judging, the planning and the write-back, then the summary', async () => {
    const sim = await demoSim();
    const r = await runOnTerminal(['scan', '--all'], { DATAHUB_GMS_URL: sim.url });
    expect(r.code, r.screen).toBe(0);
    for (const [phase, line] of Object.entries(LINE)) expect(r.screen, phase).toMatch(line);
    // the phases in order, each line ended before the next begins, the summary last
    const at = (re: RegExp) => r.screen.search(re);
    expect(at(LINE.read)).toBeLessThan(at(LINE.judge));
    expect(at(LINE.judge)).toBeLessThan(at(LINE.plan));
    expect(at(LINE.plan)).toBeLessThan(at(LINE.write));
    expect(r.screen).toMatch(SUMMARY);
    expect(r.screen.trimEnd().split(/\r?\n/).at(-1)).toMatch(SUMMARY);
    // only carriage returns and erasing: no saved cursor, hidden cursor or line-wrap switch left behind
    for (const code of ['\x1b7', '\x1b8', '\x1b[?25l', '\x1b[?7l']) expect(r.screen).not.toContain(code);
  });

  it('ends the live line when Ctrl-C stops the scan, and dies of the signal', async () => {
    const sim = await demoSim(150); // slow enough that the read is still drawing when Ctrl-C comes
    let sent = false;
    const r = await runOnTerminal(['scan', '--all', '--dry-run'], { DATAHUB_GMS_URL: sim.url }, (screen, child) => {
      if (sent || !LINE.read.test(screen)) return;
      sent = true;
      child.stdin!.write('\x03'); // the terminal's Ctrl-C: SIGINT to the scan
    });
    expect(sent).toBe(true);
    expect(r.code, r.screen).toBe(130);
    expect(r.screen).not.toMatch(/janus scan: /);
    // the last frame drawn is followed by a line end: the shell's prompt starts on a line of its own
    const lastFrame = r.screen.lastIndexOf('\rread ');
    expect(r.screen.slice(lastFrame)).toMatch(/\n/);
  });

  it('ends the live line before an error: the error starts a line of its own', async () => {
    const sim = await demoSim(150);
    let closed = false;
    const r = await runOnTerminal(
      ['scan', '--all', '--dry-run'],
      { DATAHUB_GMS_URL: sim.url, JANUS_DATAHUB_RETRIES: '0' },
      (screen) => {
        if (closed || !LINE.read.test(screen)) return;
        closed = true;
        void sim.close();
      },
    );
    expect(r.code, r.screen).toBe(3);
    expect(r.screen).toMatch(/\njanus: /);
    expect(r.screen).not.toMatch(/[█░]janus: |\[K ?janus: /);
  });
});

describe('janus scan --all without a terminal', () => {
  it('piped: no live line, and the summary still ends stderr', async () => {
    const sim = await demoSim();
    const r = await runJanus(['scan', '--all'], { DATAHUB_GMS_URL: sim.url });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout + r.stderr).not.toMatch(DRAWN);
    expect(r.stderr.trimEnd().split('\n').at(-1)).toMatch(SUMMARY);
    expect(r.stdout).toMatch(/^Wrote \d+ change\(s\) to DataHub\.$/m);
  });

  it('--json on a terminal: no live line, stdout stays JSON, the summary is on stderr', async () => {
    const sim = await demoSim();
    const onTty = await runOnTerminal(['scan', '--all', '--dry-run', '--json'], { DATAHUB_GMS_URL: sim.url });
    expect(onTty.code, onTty.screen).toBe(0);
    expect(onTty.screen).not.toMatch(/[█░]/);
    expect(onTty.screen).toMatch(/janus scan: .* writes planned, nothing written/);
    const piped = await runJanus(['scan', '--all', '--dry-run', '--json'], { DATAHUB_GMS_URL: sim.url });
    expect(piped.code, piped.stderr).toBe(0);
    expect(JSON.parse(piped.stdout)).toHaveProperty('plan');
    expect(piped.stderr).not.toMatch(DRAWN);
    expect(piped.stderr).toMatch(/janus scan: .* writes planned, nothing written/);
  });
});

describe('the other long commands on a terminal', () => {
  it('janus gate draws the models judged and the read of each, then says how many passed and were blocked', async () => {
    const sim = await demoSim(150); // slow enough that frames are drawn while each model is read
    const args = ['gate', '--model', 'fraud_detector_v4', '--model', 'customer_ltv_v2'];
    const r = await runOnTerminal(args, { DATAHUB_GMS_URL: sim.url });
    const reading = (judged: number, model: string) =>
      new RegExp(`\\rjudge [█░]{16} ${judged}/2 models · ${model}: [\\d,]+/[\\d,]+ entities read`);
    expect(r.screen).toMatch(reading(0, 'fraud_detector_v4'));
    expect(r.screen).toMatch(reading(1, 'customer_ltv_v2'));
    expect(r.screen).toMatch(/\rjudge [█░]{16} 2\/2 models/);
    expect(r.screen).toMatch(/janus gate: 2 models judged: \d blocked, \d passed/);
    const piped = await runJanus(args, { DATAHUB_GMS_URL: sim.url });
    expect(piped.code).toBe(r.code);
    expect(piped.stderr).not.toMatch(DRAWN);
    expect(piped.stderr).toMatch(/janus gate: 2 models judged: \d blocked, \d passed/);
  });

  it.each(['json', 'junit', 'markdown'])('janus gate --format %s on a terminal: no live line', async (format) => {
    const sim = await demoSim(150);
    const args = ['gate', '--model', 'fraud_detector_v4', '--format', format];
    const r = await runOnTerminal(args, { DATAHUB_GMS_URL: sim.url });
    expect(r.code, r.screen).toBe(1);
    expect(r.screen).not.toMatch(/[█░]|entities read/);
    expect(r.screen).toMatch(/janus gate: 1 model judged: 1 blocked, 0 passed/);
  });

  it('janus sim generate --out draws datasets then models, and ends with what it wrote', async () => {
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'janus-progress-')), 'catalog.json');
    const args = ['sim', 'generate', '--models', '40', '--datasets', '400', '--depth', '4', '--out', out];
    const r = await runOnTerminal(args, {});
    expect(r.code, r.screen).toBe(0);
    expect(r.screen).toMatch(/datasets [█░]{24} 400\/400/);
    expect(r.screen).toMatch(/models {3}[█░]{24} 40\/40/);
    expect(r.screen).toMatch(/datahub-sim generate: [\d,]+ records \(400 datasets, 40 models\) in [\d.]+s/);
    const piped = await runJanus(args.map((a) => (a === out ? `${out}.piped` : a)));
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stderr).not.toMatch(DRAWN);
    expect(piped.stderr).toMatch(/datahub-sim generate: [\d,]+ records \(400 datasets, 40 models\)/);
  });
});
