import { afterEach, describe, expect, it } from 'vitest';
import { progressDisplay } from '../../src/cli/progress/progress-display.js';
import { duration, progressLine } from '../../src/cli/progress/progress-line.js';
import { gateSummary, scanSummary } from '../../src/cli/progress/run-summary.js';
import { wantsProgress } from '../../src/cli/progress/wants-progress.js';
import { createLogger } from '../../src/log.js';

/** A terminal's stderr, as far as the display sees one: what it was sent, write by write. */
function fakeTerminal(columns = 100) {
  const writes: string[] = [];
  const stream = { isTTY: true, columns, write: (text: string) => (writes.push(text), true) };
  return { stream: stream as unknown as NodeJS.WriteStream, writes };
}

const tty = { isTTY: true };
const pipe = { isTTY: false };

describe('when progress is drawn', () => {
  it.each([
    [false, tty, tty, 'xterm', true],
    [true, tty, tty, 'xterm', false], // --json, or another format a program reads
    [false, pipe, tty, 'xterm', false],
    [false, tty, pipe, 'xterm', false],
    [false, tty, tty, 'dumb', false],
  ])('machine output %s, stdout %o, stderr %o, TERM %s: %s', (machine, stdout, stderr, TERM, drawn) => {
    expect(wantsProgress(machine, { stdout, stderr }, { TERM })).toBe(drawn);
  });
});

describe('a phase line', () => {
  it('shows done/total, the rate since the phase began and the time left', () => {
    const line = progressLine({ phase: 'judge', done: 250, total: 1000 }, 5_000);
    expect(line).toBe('judge ████░░░░░░░░░░░░ 250/1,000 models · 50/s · ETA 15s');
  });

  it("the read: its pages, and a time left that is a lower bound (the read's total grows)", () => {
    const line = progressLine({ phase: 'read', done: 900, total: 3000, pages: { done: 2, total: 3 } }, 3_000);
    expect(line).toBe('read  █████░░░░░░░░░░░ 900/3,000 entities · page 2/3 · 300/s · ETA ≥7s');
  });

  it('the write-back: its failures; no time left once done', () => {
    const line = progressLine({ phase: 'write', done: 40, total: 40, failures: 3 }, 2_000);
    expect(line).toBe('write ████████████████ 40/40 writes · 3 failed · 20/s');
  });

  it('the planning: the entities whose write-back state is read; before its total is known, only what is done', () => {
    expect(progressLine({ phase: 'plan', done: 0 }, 200)).toBe('plan  ░░░░░░░░░░░░░░░░ 0 entities');
    expect(progressLine({ phase: 'plan', done: 500, total: 2000 }, 1_000)).toBe(
      'plan  ████░░░░░░░░░░░░ 500/2,000 entities · 500/s · ETA 3s',
    );
  });

  it('models judged one at a time: the read of the one being judged, by its short name, upstream then below', () => {
    const model = 'urn:li:mlModel:(urn:li:dataPlatform:mlflow,fraud_detector_v4,PROD)';
    const reading = { model, what: 'upstream' as const, done: 1200, total: 3001 };
    // none judged yet: no rate of models, the read is what moves
    expect(progressLine({ phase: 'judge', done: 0, total: 2, reading }, 4_000, 120)).toBe(
      'judge ░░░░░░░░░░░░░░░░ 0/2 models · fraud_detector_v4: 1,200/3,001 entities read',
    );
    expect(progressLine({ phase: 'judge', done: 1, total: 2, reading }, 4_000, 120)).toBe(
      'judge ████████░░░░░░░░ 1/2 models · fraud_detector_v4: 1,200/3,001 entities read · 0.3/s · ETA 4s',
    );
    // then its blast radius: the datasets it found offending whose models below are read
    const below = { model, what: 'below' as const, done: 256, total: 1114 };
    expect(progressLine({ phase: 'judge', done: 0, total: 2, reading: below }, 9_000, 120)).toBe(
      'judge ░░░░░░░░░░░░░░░░ 0/2 models · fraud_detector_v4: blast radius 256/1,114',
    );
  });

  it('fits the terminal, one column short (a wrapped line cannot be redrawn in place)', () => {
    const line = progressLine({ phase: 'read', done: 1, total: 2, pages: { done: 1, total: 1 } }, 100_000, 40);
    expect(line.length).toBe(39);
    expect(line.endsWith('…')).toBe(true);
  });

  it.each([
    [9.4, '9s'],
    [65, '1m05s'],
    [7_380, '2h03m'],
  ])('%s seconds read as %s', (s, shown) => expect(duration(s)).toBe(shown));
});

describe('the live display', () => {
  let finish: (() => void) | undefined;
  afterEach(() => finish?.());

  it('draws at most 10 frames a second however often progress is reported, and ends each phase with a line end', async () => {
    const { stream, writes } = fakeTerminal();
    const display = progressDisplay(true, stream);
    finish = display.finish;
    const started = Date.now();
    for (let i = 0; i <= 200_000; i++) display.report({ phase: 'read', done: i, total: 200_000 });
    for (let i = 0; i <= 50; i++) {
      display.report({ phase: 'judge', done: i, total: 50 });
      await new Promise((r) => setTimeout(r, 4));
    }
    display.finish();
    const seconds = (Date.now() - started) / 1000;
    const frames = writes.filter((w) => /^(read|judge) /.test(w)).length;
    expect(frames).toBeGreaterThanOrEqual(2);
    expect(frames).toBeLessThanOrEqual(Math.ceil(seconds * 10) + 4);
    const screen = writes.join('');
    expect(screen).toMatch(/read {2}████████████████ 200,000\/200,000 entities[^\n]*\n/);
    expect(screen).toMatch(/judge ████████████████ 50\/50 models[^\n]*\n$/);
  });

  it('off: draws nothing', () => {
    const { stream, writes } = fakeTerminal();
    const display = progressDisplay(false, stream);
    display.report({ phase: 'judge', done: 1, total: 2 });
    display.finish();
    expect(writes).toEqual([]);
  });

  it('a log line erases the live line before it prints', () => {
    const { stream, writes } = fakeTerminal();
    const display = progressDisplay(true, stream);
    finish = display.finish;
    display.report({ phase: 'write', done: 1, total: 10 });
    const before = writes.length;
    // the log line itself goes to fd 2 (the test's stderr): what the live line does first is what matters here
    createLogger({ format: 'json', level: 'warn' }).warn('progress test: a write-back step failed');
    expect(writes.slice(before)[0]).toBe('\r\x1b[2K');
    display.finish();
    createLogger({ format: 'json', level: 'warn' }).warn('progress test: after the display, nothing to erase');
    expect(writes.at(-1)).toBe('\n');
  });

  it('leaves no signal handler behind', () => {
    const { stream } = fakeTerminal();
    const listeners = process.listenerCount('SIGINT');
    const display = progressDisplay(true, stream);
    display.report({ phase: 'judge', done: 0, total: 1 });
    expect(process.listenerCount('SIGINT')).toBe(listeners + 1);
    display.finish();
    expect(process.listenerCount('SIGINT')).toBe(listeners);
  });
});

describe('the summaries', () => {
  it('scan: models, at risk, entities read, writes, time', () => {
    const line = scanSummary({
      bands: ['at_risk', 'trusted', 'at_risk'],
      read: { phase: 'read', done: 1234, total: 1234 },
      planned: 9,
      applied: 8,
      failed: 1,
      dryRun: false,
      ms: 2345,
    });
    expect(line).toBe('janus scan: 3 models judged (2 at risk), 1,234 entities read; 8 writes applied, 1 failed; 2.3s');
  });

  it('scan --dry-run of named models: no read phase, the writes planned', () => {
    const line = scanSummary({ bands: ['caution'], planned: 1, applied: 0, failed: 0, dryRun: true, ms: 50 });
    expect(line).toBe('janus scan: 1 model judged (0 at risk); 1 write planned, nothing written; 0.1s');
  });

  it('gate: nothing that varies from run to run', () => {
    expect(gateSummary({ passed: 1, blocked: 1, notJudged: 0 })).toBe(
      'janus gate: 2 models judged: 1 blocked, 1 passed',
    );
    expect(gateSummary({ passed: 0, blocked: 0, notJudged: 2 })).toBe(
      'janus gate: 0 models judged: 0 blocked, 0 passed; 2 not judged (DataHub could not be read)',
    );
  });
});
