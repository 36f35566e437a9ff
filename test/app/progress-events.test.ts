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

/** Each phase's counts only grow, and never pass the total known at the time. */
const expectSteady = (events: Progress[]) =>
  events.forEach((e, i) => {
    const before = events.slice(0, i).findLast((p) => p.phase === e.phase);
    if (before) expect(e.done, `${e.phase} at ${i}`).toBeGreaterThanOrEqual(before.done);
    if (e.total !== undefined) expect(e.done).toBeLessThanOrEqual(e.total);
  });

describe('a scan reports how far it has come, as data', () => {
  it('the whole catalog: the read (pages, then entities), the judging, then the write-back, in that order', async () => {
    const { events, result, of } = await scan('all');
    expect([...new Set(events.map((e) => e.phase))]).toEqual(['read', 'judge', 'write']);
    expectSteady(events);
    const read = of('read').at(-1)!;
    expect(read.pages).toEqual({ done: 1, total: 1 });
    expect(read.done).toBe(read.total);
    expect(read.done).toBeGreaterThan(result.judged.length); // the models and what lies upstream of them
    expect(of('judge').at(-1)).toEqual({ phase: 'judge', done: result.judged.length, total: result.judged.length });
    const written = result.applied.length + result.failed.length;
    expect(written).toBeGreaterThan(0);
    expect(of('write').at(-1)).toEqual({
      phase: 'write',
      done: result.plan.length,
      total: result.plan.length,
      failures: 0,
    });
  });

  it('named models: the judging counts them; a dry run writes nothing, so reports no write-back', async () => {
    const { events, of } = await scan(['urn:li:mlModel:(urn:li:dataPlatform:mlflow,fraud_detector_v4,PROD)'], true);
    expectSteady(events);
    expect(of('read')).toEqual([]);
    expect(of('write')).toEqual([]);
    expect(of('judge').map((e) => e.done)).toEqual([0, 1]);
  });
});
