import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCatalog, GENERATED_NOW } from '@janus/datahub-sim/generate';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { createDataHubClient } from '../../src/datahub/client.js';
import { EntityCache } from '../../src/datahub/entity-cache.js';
import { readUpstream } from '../../src/datahub/read-upstream.js';
import type { Limit } from '../../src/core/limit.js';

// Issue 38, finding 5: the gate's read of a proposal is bounded (gate.maxEntitiesRead). Past the limit, readUpstream
// sends no further request and throws the limit's error with how many it had reached.
const records = generateCatalog({ models: 4, datasets: 600, depth: 6, seed: 3 });
const model = [
  ...new Set(
    (records as { entityUrn?: string }[]).map((r) => r.entityUrn).filter((u) => u?.startsWith('urn:li:mlModel:')),
  ),
][0]!;
let sim: RunningSim;
beforeAll(async () => {
  sim = await startSim({ records, port: 0, now: () => GENERATED_NOW });
});
afterAll(() => sim.close());

class Exceeded extends Error {
  constructor(readonly count: number) {
    super(`reached ${count}`);
  }
}
const limit = (max: number): Limit => ({ max, exceeded: (count) => new Exceeded(count) });
const client = () => createDataHubClient({ url: sim.url, retry: { retries: 0 } });

async function read(
  max?: number,
  extraRoots: string[] = [],
): Promise<{ reached?: string[]; err?: unknown; cache: EntityCache; requests: number }> {
  sim.resetStats();
  const cache = new EntityCache();
  const outcome: { reached?: string[]; err?: unknown } = await readUpstream(
    client(),
    model,
    cache,
    extraRoots,
    max ? limit(max) : undefined,
  ).then(
    (reached) => ({ reached }),
    (err: unknown) => ({ err }),
  );
  return { ...outcome, cache, requests: sim.stats().requests };
}

describe('readUpstream with a limit', () => {
  it('within the limit, reads what an unbounded read reads', async () => {
    const whole = await read();
    const bounded = await read(100_000);
    expect(bounded.reached).toEqual(whole.reached);
    expect(bounded.requests).toBe(whole.requests);
  });

  it('past it: the limit error with the count, fewer entities and requests than the whole read', async () => {
    const whole = await read();
    expect(whole.reached!.length).toBeGreaterThan(100);
    const bounded = await read(40);
    expect(bounded.err).toBeInstanceOf(Exceeded);
    expect((bounded.err as Exceeded).count).toBe(41);
    expect(bounded.cache.size).toBeLessThanOrEqual(40);
    expect(bounded.requests).toBeLessThan(whole.requests);
  });

  it('more roots than the limit leaves room for: refused before they are read', async () => {
    const roots = Array.from({ length: 50 }, (_, i) => `urn:li:dataset:(urn:li:dataPlatform:x,proposed_${i},PROD)`);
    const first = await read(100_000);
    const bounded = await read(first.reached!.length + 49, roots);
    expect(bounded.err).toBeInstanceOf(Exceeded);
    expect((bounded.err as Exceeded).count).toBe(first.reached!.length + 50);
    expect(bounded.requests).toBe(first.requests);
  });
});
