import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { exitFor } from '../../src/cli/exit-code.js';
import { buildProgram } from '../../src/cli/program.js';
import { checkedModelRef } from '../../src/datahub/resolve-model.js';
import { UsageError } from '../../src/errors.js';
import { modelRefProblem, urnProblem } from '@janus/datahub-sim/urn';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { requireBuiltCli, runJanus } from '../cli/run-janus.js';
import { anyText, fuzz, STACK_FRAME, urnLike } from './support.js';

// The fuzz suite, CLI surface (issue 20): urns and model names, and whole command lines run in process, then a few
// through the built CLI. Invariant: no crash, no stack trace, an exit code of the contract, a clear error naming
// the input.
let sim: RunningSim;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'janus-fuzz-cli-'));
const saved = { ...process.env };
beforeAll(async () => {
  sim = await startSim({ demo: true, port: 0 });
  Object.assign(process.env, { DATAHUB_GMS_URL: sim.url, JANUS_LOG_LEVEL: 'silent', JANUS_DATAHUB_RETRIES: '0' });
  delete process.env.REDIS_URL;
});
afterAll(async () => {
  process.env = saved;
  await sim.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** How a ref is quoted in an error: escaped, cut at 200 characters. */
const quoted = (ref: string) => JSON.stringify(ref).slice(1, -1).slice(0, 60);

describe('fuzz: urns and model names', () => {
  it('urnProblem never throws; checkedModelRef accepts or refuses with a UsageError naming the input', async () => {
    await fuzz(
      'urns',
      fc.property(anyText(), (raw) => {
        urnProblem(raw);
        const ref = raw.trim();
        try {
          expect(checkedModelRef(raw)).toBe(ref);
          expect(modelRefProblem(ref)).toBeUndefined();
        } catch (err) {
          expect(err).toBeInstanceOf(UsageError);
          const message = (err as Error).message;
          expect(message).not.toMatch(STACK_FRAME);
          if (ref) expect(message).toContain(quoted(ref).slice(0, 30));
        }
      }),
      5_000,
      30_000,
    );
  });
});

const value = fc.oneof(anyText(), fc.integer().map(String), fc.constantFrom('0', '100', '-1', '101', 'high', 'junit'));
const pathValue = fc
  .tuple(fc.constantFrom('', 'no/such/folder/', 'sub/'), fc.stringMatching(/^[a-z0-9._-]{0,10}$/))
  .map(([folder, name]) => path.join(dir, folder, name || 'out'));
const flag = fc.oneof(
  fc.tuple(fc.constantFrom('--model', '--fail-on', '--min-score', '--format', '--seed'), value),
  fc.tuple(fc.constantFrom('--output', '--lineage', '--report-dir', '--config'), pathValue),
  fc.tuple(fc.constantFrom('--json', '--dry-run', '--all', '--help', '--nonsense', '-x'), fc.constant(undefined)),
);
const commandLine = fc
  .tuple(
    fc.constantFrom('gate', 'trust', 'scan', 'history', 'gtae', ''),
    fc.array(flag, { maxLength: 4 }),
    fc.option(anyText(), { nil: undefined }),
  )
  .map(([cmd, flags, positional]) => [
    ...(cmd ? [cmd] : []),
    ...flags.flatMap(([f, v]) => (v === undefined ? [f] : [f, v])),
    ...(positional === undefined ? [] : [positional]),
  ]);

describe('fuzz: command lines in process', () => {
  it('every command line ends in an exit code of the contract, with no stack trace', async () => {
    const writes = (chunk: unknown, enc?: unknown, cb?: unknown) => {
      const done = typeof enc === 'function' ? enc : cb;
      if (typeof done === 'function') (done as () => void)();
      return true;
    };
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(writes as typeof process.stdout.write);
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(writes as typeof process.stderr.write);
    try {
      await fuzz(
        'command lines',
        fc.asyncProperty(commandLine, async (args) => {
          // a whole-catalog scan writes into the simulator; that is the scan fuzz's and the chaos suite's job
          if (args.includes('scan') && args.includes('--all') && !args.includes('--dry-run')) return;
          const program = buildProgram();
          program.configureOutput({ writeErr: () => undefined, writeOut: () => undefined });
          for (const c of program.commands) c.configureOutput({ writeErr: () => undefined, writeOut: () => undefined });
          const outcome = await program.parseAsync(['node', 'janus', ...args]).then(
            () => ({ code: 0 }),
            (e: unknown) => exitFor(e),
          );
          expect([0, 1, 2, 3]).toContain(outcome.code);
          if ('message' in outcome && outcome.message) expect(outcome.message).not.toMatch(STACK_FRAME);
        }),
        700,
        60_000,
      );
    } finally {
      out.mockRestore();
      err.mockRestore();
    }
  }, 120_000);
});

describe('fuzz: the built CLI', () => {
  beforeAll(requireBuiltCli);
  it('a few fuzzed --model values through the process: exit 0-3, no stack trace on stderr', async () => {
    // a process argument cannot hold a NUL byte
    const samples = fc.sample(urnLike(), { seed: 7, numRuns: 6 }).map((m) => m.split('\u0000').join(''));
    for (const model of samples) {
      const r = await runJanus(['gate', '--model', model, '--format', 'json'], {
        DATAHUB_GMS_URL: sim.url,
        JANUS_DATAHUB_RETRIES: '0',
      });
      expect([0, 1, 2, 3], `${model}: ${r.stderr}`).toContain(r.code);
      expect(r.stderr).not.toMatch(STACK_FRAME);
    }
  }, 120_000);
});
