import { z } from 'zod';
import { parseDuration } from '../core/duration.js';
import { DEFAULT_ACCEPTANCE_POLICY } from '../core/acceptance/acceptance.js';
import { DEFAULT_POLICY, DETECTOR_NAMES } from '../core/detectors/registered.js';
import type { Policy } from '../core/finding.js';
import { DEFAULT_BANDS } from '../core/score.js';
import type { JudgePolicy } from '../core/verdict.js';

const severity = z.enum(['critical', 'high', 'medium', 'low']);
const duration = z.string().refine((s) => parseDuration(s) !== undefined, 'expected a duration such as PT24H or 24h');
const detectorOverride = z.strictObject({
  severity: severity.optional(),
  weight: z.coerce.number().min(0).max(100).optional(),
});

/** Weights, severities, bands and default freshness SLAs: defaults are the product's, every one configurable. */
export const judgeSchema = z.strictObject({
  /** By registered detector (src/core/detectors/registry.ts); a name no detector has is an error. */
  detectors: z.partialRecord(z.enum(DETECTOR_NAMES as [string, ...string[]]), detectorOverride).default({}),
  bands: z
    .strictObject({
      trusted: z.coerce.number().min(0).max(100).default(DEFAULT_BANDS.trusted),
      caution: z.coerce.number().min(0).max(100).default(DEFAULT_BANDS.caution),
      capAt: z.enum(['critical', 'high', 'medium', 'low', 'none']).default(DEFAULT_BANDS.capAt),
    })
    .refine((b) => b.caution <= b.trusted, 'bands.caution must not be above bands.trusted')
    .default(DEFAULT_BANDS),
  freshness: z
    .strictObject({ default: duration.optional(), platforms: z.record(z.string(), duration).default({}) })
    .default({ platforms: {} }),
  /**
   * The instant judgments are made at (`JANUS_AS_OF`, ISO 8601 with a zone, e.g. 2025-06-02T12:00:00Z); unset, the
   * clock. Judging a catalog at its own date and at a later one tells how staleness alone changes a verdict.
   */
  asOf: z.iso.datetime({ offset: true }).optional(),
  /** How long an accepted risk lasts (docs/accepted-risk.md): when unsaid, and at most. */
  acceptance: z
    .object({
      defaultDays: z.coerce.number().int().min(1).default(DEFAULT_ACCEPTANCE_POLICY.defaultDays),
      maxDays: z.coerce.number().int().min(1).default(DEFAULT_ACCEPTANCE_POLICY.maxDays),
    })
    .refine((a) => a.defaultDays <= a.maxDays, 'acceptance.defaultDays must not be above acceptance.maxDays')
    .default(DEFAULT_ACCEPTANCE_POLICY),
});
export type JudgeConfig = z.infer<typeof judgeSchema>;

export function judgePolicy(c: JudgeConfig): JudgePolicy {
  const policy = Object.fromEntries(
    Object.entries(DEFAULT_POLICY).map(([name, p]) => [name, { ...p, ...c.detectors[name] }]),
  ) as Policy;
  return {
    policy,
    bands: c.bands,
    acceptance: c.acceptance,
    ...(c.asOf !== undefined ? { asOf: Date.parse(c.asOf) } : {}),
    freshness: {
      ...(c.freshness.default ? { globalMs: parseDuration(c.freshness.default)! } : {}),
      byPlatform: Object.fromEntries(Object.entries(c.freshness.platforms).map(([k, v]) => [k, parseDuration(v)!])),
    },
  };
}
