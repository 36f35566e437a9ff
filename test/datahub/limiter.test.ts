import { describe, expect, it } from 'vitest';
import { createLimiter } from '../../src/datahub/limiter.js';

/** A task that stays running until released, recording how many run at once. */
function tasks() {
  let running = 0;
  let peak = 0;
  const started: number[] = [];
  const release: (() => void)[] = [];
  const task =
    (id: number, fail = false) =>
    () => {
      started.push(id);
      peak = Math.max(peak, ++running);
      return new Promise<number>((resolve, reject) =>
        release.push(() => {
          running--;
          if (fail) reject(new Error(`task ${id} failed`));
          else resolve(id);
        }),
      );
    };
  return { task, started, release, peak: () => peak };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('limiter', () => {
  it('runs at most max at once, the others in the order they came', async () => {
    const limit = createLimiter(2);
    const t = tasks();
    const results = [1, 2, 3, 4, 5].map((id) => limit.run(t.task(id)));
    await tick();
    expect(t.started).toEqual([1, 2]);
    t.release.shift()!();
    await tick();
    expect(t.started).toEqual([1, 2, 3]);
    while (t.release.length) {
      t.release.shift()!();
      await tick();
    }
    expect(await Promise.all(results)).toEqual([1, 2, 3, 4, 5]);
    expect(t.peak()).toBe(2);
  });

  it('gives the slot back when a task fails', async () => {
    const limit = createLimiter(1);
    const t = tasks();
    const failing = limit.run(t.task(1, true));
    const next = limit.run(t.task(2));
    await tick();
    t.release.shift()!();
    await expect(failing).rejects.toThrow('task 1 failed');
    await tick();
    expect(t.started).toEqual([1, 2]);
    t.release.shift()!();
    expect(await next).toBe(2);
  });

  it('refuses a concurrency below one', () => {
    expect(() => createLimiter(0)).toThrow(RangeError);
    expect(() => createLimiter(1.5)).toThrow(RangeError);
  });
});
