import { z } from 'zod';
import { DETECTOR_NAMES } from '../core/detectors/registered.js';
import { SEVERITY_ORDER } from '../core/finding.js';
import { BANDS } from '../core/score.js';
import type { Verdict } from '../core/verdict.js';

const modelRef = z.object({ urn: z.string(), name: z.string() });
const detector = z.enum(DETECTOR_NAMES as [string, ...string[]]);
const severity = z.enum(SEVERITY_ORDER);

/** A full verdict as the history stores it (JSON): read back through this, like any payload from outside. */
export const verdictSchema = z.object({
  model: modelRef,
  score: z.number(),
  band: z.enum(BANDS),
  findings: z.array(
    z.object({
      detector,
      severity,
      weight: z.number(),
      entity: z.string(),
      message: z.string(),
      evidence: z.record(z.string(), z.unknown()),
      key: z.string(),
    }),
  ),
  deductions: z.array(z.object({ key: z.string(), detector: z.string(), weight: z.number(), reason: z.string() })),
  capped: z.object({ by: z.string(), severity: z.string() }).optional(),
  blastRadius: z.array(z.object({ dataset: z.string(), models: z.array(modelRef) })),
  label: z
    .object({ column: z.string(), source: z.enum(['structured_property', 'custom_property', 'column_tag']) })
    .optional(),
  upstreamCount: z.number(),
  scannedAt: z.string(),
  datahub: z.string(),
}) satisfies z.ZodType<Verdict>;
