import { describe, expect, it } from 'vitest';
import { mergeOnUpsert, withDefaults } from '../src/store/system-metadata.js';

describe('withDefaults (SystemMetadataUtils.generateSystemMetadataIfEmpty)', () => {
  it('fills a missing runId and a missing or zero lastObserved, and keeps the rest', () => {
    expect(withDefaults(undefined, 9)).toEqual({ runId: 'no-run-id-provided', lastObserved: 9 });
    expect(withDefaults({ lastObserved: 0, properties: { a: 'b' } }, 9)).toEqual({
      runId: 'no-run-id-provided',
      lastObserved: 9,
      properties: { a: 'b' },
    });
    expect(withDefaults({ runId: 'r', lastObserved: 3 }, 9)).toEqual({ runId: 'r', lastObserved: 3 });
  });
});

describe('mergeOnUpsert (EntityServiceImpl.applyUpsert)', () => {
  it('keeps the stored metadata, moves its runId to lastRunId and takes lastObserved and runId from the write', () => {
    const stored = { runId: 'r1', lastObserved: 1, properties: { clientId: 'c' } };
    expect(mergeOnUpsert(stored, { runId: 'r2', lastObserved: 2, properties: { other: 'x' } })).toEqual({
      runId: 'r2',
      lastRunId: 'r1',
      lastObserved: 2,
      properties: { clientId: 'c' },
    });
    expect(mergeOnUpsert(undefined, { runId: 'r2', lastObserved: 2 })).toEqual({ runId: 'r2', lastObserved: 2 });
  });
});
