import { brotliCompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Verdict } from '../../src/core/verdict.js';
import { decodeVerdict, encodeVerdict } from '../../src/history/verdict-codec.js';
import { cleanVerdict, troubledVerdict } from '../render/verdicts.js';
import { modelUrn } from './verdicts.js';

/** The shape a generated catalog gives: hundreds of offending datasets, each listing the same 1,000 models. */
function sharedBlastRadius(): Verdict {
  const models = Array.from({ length: 1_000 }, (_, i) => ({ urn: modelUrn(`model_${i}`), name: `model_${i}` }));
  const blastRadius = Array.from({ length: 200 }, (_, d) => ({
    dataset: `urn:li:dataset:(urn:li:dataPlatform:hive,t${d},PROD)`,
    models: d === 7 ? models.slice(1) : models,
  }));
  return { ...troubledVerdict(), blastRadius };
}

describe('the stored verdict', () => {
  it.each([
    ['troubled', troubledVerdict()],
    ['clean', cleanVerdict()],
    ['shared blast radius', sharedBlastRadius()],
  ])('reads back as written: %s', (_, v) => {
    expect(decodeVerdict(encodeVerdict(v))).toEqual(v);
  });

  it('keeps each distinct list of downstream models once', () => {
    const v = sharedBlastRadius();
    expect(JSON.stringify(v).length).toBeGreaterThan(10_000_000);
    expect(encodeVerdict(v).length).toBeLessThan(100_000);
  });

  it('is undefined for what Janus did not write', () => {
    expect(decodeVerdict(Buffer.from('{"model":{"urn":"x"}}'))).toBeUndefined();
    expect(
      decodeVerdict(
        brotliCompressSync(
          JSON.stringify({ format: 1, verdict: troubledVerdict(), lists: [], blastRadius: [['d', 3]] }),
        ),
      ),
    ).toBeUndefined();
    expect(decodeVerdict(brotliCompressSync(JSON.stringify({ format: 2 })))).toBeUndefined();
  });
});
