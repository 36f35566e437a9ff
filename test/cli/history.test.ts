import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisVerdictHistory } from '../../src/history/index.js';
import { at, modelUrn, verdict } from '../history/verdicts.js';
import { REDIS_URL } from '../support/service.js';
import { requireBuiltCli, runJanus } from './run-janus.js';

// this file's own key prefix (JANUS_REDIS_PREFIX), every key under it deleted afterwards
const PREFIX = `janus-test-${randomUUID()}`;
const env = { REDIS_URL, JANUS_REDIS_PREFIX: PREFIX };
let redis: Redis;

beforeAll(async () => {
  redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  const history = new RedisVerdictHistory(redis, { prefix: `${PREFIX}:` });
  for (const [minute, score, band] of [
    [1, 85, 'trusted'],
    [2, 70, 'caution'],
    [3, 40, 'at_risk'],
    [4, 55, 'caution'],
  ] as const) {
    await history.record(verdict('fraud_detector_v4', score, band, at(minute)));
  }
  await history.record(verdict('churn', 90, 'trusted', at(1)));
  await history.record(verdict('session_intent_v1', 60, 'caution', at(1)));
  // the same name on another platform: ambiguous by name
  await history.record({
    ...verdict('churn', 88, 'trusted', at(2)),
    model: { urn: 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,churn,PROD)', name: 'churn' },
  });
});
afterAll(async () => {
  const keys = await redis.keys(`${PREFIX}:*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

describe('janus history', () => {
  beforeAll(requireBuiltCli);
  it('prints a model named as the scan history knows it: newest first, each change, and the trend', async () => {
    const r = await runJanus(['history', 'fraud_detector_v4'], env);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(`fraud_detector_v4  ${modelUrn('fraud_detector_v4')}`);
    expect(lines.slice(2, 6).map((l) => l.trim().split(/\s+/))).toEqual([
      [at(4), '55', 'caution', '+15'],
      [at(3), '40', 'at_risk', '-30'],
      [at(2), '70', 'caution', '-15'],
      [at(1), '85', 'trusted'],
    ]);
    expect(lines[6]).toBe('trend: ▇▆▄▅  85 → 55 over 4 scans');
  });

  it('--json --limit: the newest N, the oldest shown still with its change', async () => {
    const r = await runJanus(['history', modelUrn('fraud_detector_v4'), '--json', '--limit', '2'], env);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      model: { urn: modelUrn('fraud_detector_v4'), name: 'fraud_detector_v4' },
      entries: [
        { scannedAt: at(4), score: 55, band: 'caution', change: 15 },
        { scannedAt: at(3), score: 40, band: 'at_risk', change: -30 },
      ],
    });
  });

  it('a urn the history has not seen: says so and exits 0', async () => {
    const r = await runJanus(['history', modelUrn('never_scanned'), '--json'], env);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      model: { urn: modelUrn('never_scanned'), name: 'never_scanned' },
      entries: [],
    });
  });

  it('an unknown name is a usage error offering the closest names', async () => {
    const r = await runJanus(['history', 'fraud_detector_v5'], env);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no model named "fraud_detector_v5" in the scan history; closest: fraud_detector_v4, /);
  });

  it('an ambiguous name is a usage error listing each urn', async () => {
    const r = await runJanus(['history', 'churn'], env);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('"churn" names 2 models in the scan history; name one by urn:');
    expect(r.stderr).toContain(modelUrn('churn'));
    expect(r.stderr).toContain('urn:li:mlModel:(urn:li:dataPlatform:sagemaker,churn,PROD)');
  });

  it('without REDIS_URL: a usage error saying history needs Redis', async () => {
    const r = await runJanus(['history', 'fraud_detector_v4'], {});
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/history needs Redis: set REDIS_URL/);
  });

  it('a bad --limit is a usage error', async () => {
    const r = await runJanus(['history', 'fraud_detector_v4', '--limit', '0'], env);
    expect(r.code).toBe(2);
  });
});
