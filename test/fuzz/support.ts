import fc from 'fast-check';
import { expect } from 'vitest';

/**
 * The fuzz suite's seed: JANUS_FUZZ_SEED, else JANUS_TEST_SEED, else 20. A failure prints it with the shrunk
 * counterexample and the path to replay it; the same seed replays the same inputs.
 */
export const FUZZ_SEED = Number(process.env.JANUS_FUZZ_SEED ?? process.env.JANUS_TEST_SEED ?? 20);

/** A stack trace's frame, as Node prints one: what must never reach a user. */
export const STACK_FRAME = /\n\s+at .+[(:]\d+:\d+\)?/;

export interface FuzzRun {
  surface: string;
  inputs: number;
  seed: number;
  interrupted: boolean;
  ms: number;
}

/**
 * Checks a property over `runs` generated inputs (at most `timeLimitMs`), seeded: fails with fast-check's report
 * (the seed, the counterexample, the replay path) on the first input that breaks it, and prints how many ran.
 */
export async function fuzz<Ts>(
  surface: string,
  property: fc.IAsyncProperty<Ts> | fc.IProperty<Ts>,
  runs: number,
  timeLimitMs: number,
): Promise<FuzzRun> {
  const started = performance.now();
  const details = await fc.check(property as fc.IAsyncProperty<Ts>, {
    seed: FUZZ_SEED,
    numRuns: runs,
    interruptAfterTimeLimit: timeLimitMs,
    markInterruptAsFailure: false,
    endOnFailure: false,
  });
  const run = {
    surface,
    inputs: details.numRuns,
    seed: details.seed,
    interrupted: details.interrupted,
    ms: Math.round(performance.now() - started),
  };
  console.log(`fuzz ${surface}: ${run.inputs} inputs, seed ${run.seed}${run.interrupted ? ' (time limit)' : ''}`);
  if (details.failed)
    throw new Error(
      `fuzz ${surface} failed (seed ${details.seed}; JANUS_FUZZ_SEED=${details.seed} repeats it): ${String(details.errorInstance)}\n${fc.defaultReportMessage(details)}`,
    );
  // a run cut short by the time limit still checked what it ran; far fewer inputs than asked means something hangs
  expect(run.inputs, `${surface}: inputs run before the time limit`).toBeGreaterThanOrEqual(Math.floor(runs / 2));
  return run;
}

/** Strings a user or a client might send: printable, unicode, control characters, and urn-shaped. */
export const anyText = (): fc.Arbitrary<string> =>
  fc.oneof(
    fc.string({ maxLength: 80 }),
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 40 }),
    urnLike(),
  );

/** Urns and near-urns: DataHub's shapes, nested tuples, with parentheses, commas and whitespace put wrong. */
export function urnLike(): fc.Arbitrary<string> {
  const word = fc.stringMatching(/^[A-Za-z0-9_.-]{0,12}$/);
  const noise = fc.constantFrom('', '(', ')', ',', ' ', '\n', '\t', '((', '))', ',,', '\u0000');
  const platform = word.map((w) => `urn:li:dataPlatform:${w}`);
  const fabric = fc.constantFrom('PROD', 'DEV', 'prod', '', 'PR OD');
  const tuple = fc.tuple(platform, word, fabric, noise, noise).map(([p, n, f, a, b]) => `(${a}${p},${n},${f}${b})`);
  const type = fc.constantFrom('mlModel', 'dataset', 'schemaField', 'dataJob', 'corpuser', 'ml Model', '');
  const key = fc.oneof(
    word,
    tuple,
    tuple.map((t) => `(${t},${'x'})`),
  );
  return fc
    .tuple(fc.constantFrom('urn:li:', 'urn:li:', 'urn:xx:', 'urn:', ''), type, key, noise, noise)
    .map(([head, t, k, pre, post]) => `${pre}${head}${t}:${k}${post}`);
}
