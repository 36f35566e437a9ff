import { describe, expect, it } from 'vitest';
import { ENTITY_BATCH } from '../../src/datahub/queries/entities.js';
import { CATALOG_PAGE } from '../../src/datahub/read-catalog.js';
import { DEFAULT_WRITE_BATCH } from '../../src/config/datahub-limits.js';
import {
  batchedWriteLowerBound,
  JANUS_BATCH,
  JANUS_PAGE,
  JANUS_WRITE_BATCH,
  janusLowerBound,
  lowerBound,
} from '../../bench/lower-bound.js';

describe('lower bound: ⌈entities / page⌉ + ⌈entities / batch⌉ requests', () => {
  it.each([
    { entities: 0, requests: 0 },
    { entities: 1, requests: 2 },
    { entities: 250, requests: 2 },
    { entities: 251, requests: 3 },
    { entities: 1000, requests: 5 },
    { entities: 1001, requests: 7 },
    { entities: 20_632, requests: 21 + 83 },
  ])('$entities entities → $requests requests', ({ entities, requests }) => {
    expect(lowerBound({ entities, pageSize: 1000, batchSize: 250, rttMs: 20, concurrency: 1 })).toEqual({
      requests,
      ms: requests * 20,
    });
  });

  it('divides the time by the concurrency, a whole round trip for a partial wave', () => {
    expect(lowerBound({ entities: 1001, pageSize: 1000, batchSize: 250, rttMs: 20, concurrency: 4 })).toEqual({
      requests: 7,
      ms: 2 * 20,
    });
  });

  it("uses Janus's own page and batch sizes", () => {
    expect([JANUS_PAGE, JANUS_BATCH]).toEqual([CATALOG_PAGE, ENTITY_BATCH]);
    expect(janusLowerBound(27_290, 20).requests).toBe(
      Math.ceil(27_290 / CATALOG_PAGE) + Math.ceil(27_290 / ENTITY_BATCH),
    );
  });

  it('refuses sizes below one', () => {
    expect(() => lowerBound({ entities: 10, pageSize: 0, batchSize: 250, rttMs: 20, concurrency: 1 })).toThrow(
      RangeError,
    );
  });
});

describe('batched write lower bound: Σ over kinds of ⌈writes / batch⌉', () => {
  it('rounds each kind up on its own', () => {
    expect(batchedWriteLowerBound({}, 50)).toBe(0);
    expect(
      batchedWriteLowerBound({ createTag: 1, createProperty: 3, setTrust: 1000, addTag: 1000, raiseIncident: 217 }, 50),
    ).toBe(1 + 1 + 20 + 20 + 5);
    expect(batchedWriteLowerBound({ setTrust: 51, setReasons: 1 }, 50)).toBe(3);
    expect(batchedWriteLowerBound({ setTrust: 7 }, 1)).toBe(7);
  });

  it("uses Janus's write batch, and refuses a batch below one", () => {
    expect(JANUS_WRITE_BATCH).toBe(DEFAULT_WRITE_BATCH);
    expect(() => batchedWriteLowerBound({ setTrust: 1 }, 0)).toThrow(RangeError);
  });
});
