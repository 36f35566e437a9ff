import type { Band } from '../../src/core/score.js';
import type { Verdict } from '../../src/core/verdict.js';

export const modelUrn = (name: string) => `urn:li:mlModel:(urn:li:dataPlatform:mlflow,${name},PROD)`;

/** A verdict with only what the history keeps: model, score, band, time, finding keys. */
export function verdict(name: string, score: number, band: Band, scannedAt: string, keys: string[] = []): Verdict {
  return {
    model: { urn: modelUrn(name), name },
    score,
    band,
    findings: keys.map((key) => ({
      detector: 'missing_owner',
      severity: 'low',
      weight: 10,
      entity: modelUrn(name),
      message: key,
      evidence: {},
      key,
    })),
    deductions: [],
    blastRadius: [],
    upstreamCount: 3,
    scannedAt,
    datahub: 'http://datahub.test:8080',
  };
}

export const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, minute)).toISOString();
