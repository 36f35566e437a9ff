import { afterEach, describe, expect, it } from 'vitest';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { writeBackModels } from '../../src/app/write-back.js';
import type { Progress } from '../../src/core/progress.js';
import { createDataHubClient } from '../../src/datahub/client.js';
import { policy } from './write-back-helpers.js';

let sim: RunningSim | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

const scan = async (models: string[] | 'all', dryRun = false) => {
  sim ??= await startSim({ demo: true, port: 0 });
  const events: Progress[] = [];
  const result = await writeBackModels({ client: createDataHubClient({ url: sim.url }), policy }, models, {
    dryRun,
    keepVerdicts: false,
    onProgress: (p) => events.push(p),
  });
  return { events, result, of: (phase: Progress['phase']) => events.filter((e) => e.phase === phase) };
};

/** Each phase's counts only grow, and never pass the total known at the time; so does a model's read. */
const expectSteady = (events: Progress[]) =>
  events.forEach((e, i) => {
    const before = events.slice(0, i).findLast((p) => p.phase === e.phase);
    if (before) expect(e.done, `${e.phase} at ${i}`).toBeGreaterThanOrEqual(before.done);
    if (e.total !== undefined) expect(e.done).toBeLessThanOrEqual(e.total);
    if (!e.reading) return;
    expect(e.reading.done).toBeLessThanOrEqual(e.reading.total);
    const { model, what } = e.reading;
    const read = events.slice(0, i).findLast((p) => p.reading?.model === model && p.reading.what === what)?.reading;
    if (read) expect(e.reading.done, `${what} read of ${model} at ${i}`).toBeGreaterThanOrEqual(read.done);
  });

describe('a scan reports how far it has come, as data', () => {
  it('the whole catalog: the read (pages, then entities), the judging, the planning, then the write-back, in that order', async () => {
    const { events, result, of } = await scan('all');
    expect(events.map((e) => e.phase).filter((p, i, all) => p !== all[i - 1])).toEqual([
      'read',
      'judge',
      'plan',
      'write',
    ]);
    expectSteady(events);
    const read = of('read').at(-1)!;
    expect(read.pages).toEqual({ done: 1, total: 1 });
    expect(read.done).toBe(read.total);
    expect(read.done).toBeGreaterThan(result.judged.length); // the models and what lies upstream of them
    expect(of('judge').at(-1)).toEqual({ phase: 'judge', done: result.judged.length, total: result.judged.length });
    // the planning begins as the judging ends (before its total is known), then reads each model's write-back state
    expect(of('plan')[0]).toEqual({ phase: 'plan', done: 0 });
    const planned = of('plan').at(-1)!;
    expect(planned.done).toBe(planned.total);
    expect(planned.done).toBeGreaterThanOrEqual(result.judged.length);
    const written = result.applied.length + result.failed.length;
    expect(written).toBeGreaterThan(0);
    expect(of('write').at(-1)).toEqual({
      phase: 'write',
      done: result.plan.length,
      total: result.plan.length,
      failures: 0,
    });
  });

  it('named models: the judging counts them, with the read of the one being judged; a dry run reports no write-back', async () => {
    // a failed job upstream (docs/demo-catalog.md): the datasets it offends have models below to read
    const model = 'urn:li:mlModel:(urn:li:dataPlatform:mlflow,session_intent_v1,PROD)';
    const { events, of } = await scan([model], true);
    expectSteady(events);
    expect(of('read')).toEqual([]);
    expect(of('write')).toEqual([]);
    expect([...new Set(events.map((e) => e.phase))]).toEqual(['judge', 'plan']);
    const judge = of('judge');
    expect([judge[0]!.done, judge.at(-1)!.done]).toEqual([0, 1]);
    expect(judge.at(-1)!.reading).toBeUndefined();
    // its read, while it lasts: the entities its scroll found, all read; then the models below what it found offending
    const reads = judge.flatMap((e) => (e.reading ? [{ ...e.reading, judged: e.done }] : []));
    expect(reads.every((r) => r.model === model && r.judged === 0)).toBe(true);
    expect([...new Set(reads.map((r) => r.what))]).toEqual(['upstream', 'below']);
    const upstream = reads.filter((r) => r.what === 'upstream');
    expect(upstream.at(-1)!.done).toBe(upstream.at(-1)!.total);
    expect(upstream.at(-1)!.total).toBeGreaterThan(5);
    expect(upstream.some((r) => r.done < r.total)).toBe(true);
    const below = reads.filter((r) => r.what === 'below');
    expect(below[0]!.done).toBe(0);
    expect(below.at(-1)!.done).toBe(below.at(-1)!.total);
    expect(below.at(-1)!.total).toBeGreaterThan(0);
  });
});
