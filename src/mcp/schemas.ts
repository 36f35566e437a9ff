import { z } from 'zod';
import { DETECTOR_NAMES } from '../core/detectors/registered.js';
import { SEVERITY_ORDER } from '../core/finding.js';
import { BANDS } from '../core/score.js';

/** Tool input and output schemas (zod, handed to the SDK as is). Outputs follow docs/mcp.md. */

export const modelArg = z.string().min(1).describe('the model: its urn (urn:li:mlModel:...) or its name in DataHub');
export const band = z.enum(BANDS);
export const modelRef = z.object({ urn: z.string(), name: z.string() });
const detector = z.enum(DETECTOR_NAMES as [string, ...string[]]);
const severity = z.enum(SEVERITY_ORDER);

export const findingOutput = z.object({
  detector,
  severity,
  weight: z.number(),
  entity: z.string(),
  message: z.string(),
  evidence: z.record(z.string(), z.unknown()),
  key: z.string().describe('stable per root cause; pass it to explain_finding'),
});

/** The stable verdict JSON (docs/json-output.md). */
export const verdictOutput = z.object({
  model: modelRef,
  score: z.number().describe('0-100: 100 minus the weights of the findings'),
  band,
  findings: z.array(findingOutput),
  deductions: z.array(z.object({ key: z.string(), detector: z.string(), weight: z.number(), reason: z.string() })),
  capped: z.object({ by: z.string(), severity: z.string() }).optional(),
  blastRadius: z
    .array(z.object({ dataset: z.string(), modelCount: z.number(), modelSet: z.string() }))
    .describe('per offending dataset, how many models are downstream of it and which: the id of one of modelSets'),
  label: z.object({ column: z.string(), source: z.string() }).nullable(),
  summary: z.array(z.string()).describe("Argos's narration, one sentence a line"),
  upstreamCount: z.number(),
  scannedAt: z.string(),
  datahub: z.string(),
  modelSets: z.record(z.string(), z.array(modelRef)).describe('the lists of models the blast radius names, each once'),
  effectSets: z
    .record(z.string(), z.array(z.object({ key: z.string(), entity: z.string(), message: z.string() })))
    .describe("the lists of folded findings root causes name (a finding's evidence.effectSet), each once"),
});

export const chainOutput = z.object({ urns: z.array(z.string()), text: z.string() });

export const explainOutput = z.object({
  model: modelRef,
  key: z.string(),
  detector,
  severity,
  weight: z.number(),
  entity: modelRef.describe('the offending entity'),
  message: z.string(),
  evidence: z.record(z.string(), z.unknown()),
  chains: z
    .array(chainOutput)
    .describe('target leakage: every column path from the feature through the shared ancestor to the label'),
  lineage: chainOutput.nullable().describe('the lineage path from the offending entity down to the model'),
  downstreamEffects: z
    .array(z.object({ key: z.string(), entity: z.string(), message: z.string() }))
    .describe('the first folded findings this root cause explains, upstream first'),
  downstreamDatasets: z.number().describe('how many downstream datasets hold trouble this root cause explains'),
  blastRadius: z.array(modelRef).describe('models downstream of the offending entity'),
  advice: z.array(z.string()).describe('what to do about it, step by step'),
});

export const historySource = z
  .enum(['redis', 'memory'])
  .describe('where scan results are kept: memory lasts only while this server runs');

export const summaryOutput = z.object({
  urn: z.string(),
  name: z.string(),
  score: z.number(),
  band,
  scannedAt: z.string(),
  findings: z.array(z.string()).describe('finding keys'),
});

export const atRiskOutput = z.object({
  models: z.array(summaryOutput),
  total: z.number().describe('models matching before the limit'),
  source: historySource,
  note: z.string().optional(),
});

export const blastRadiusOutput = z.object({ dataset: modelRef, models: z.array(modelRef) });

export const incidentsOutput = z.object({
  model: z.string(),
  active: z.number(),
  incidents: z.array(
    z.object({
      urn: z.string(),
      key: z.string().describe('the finding key the incident stands for'),
      dataset: modelRef,
      title: z.string(),
      state: z.enum(['ACTIVE', 'RESOLVED']),
      stage: z.string().nullable(),
      priority: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});

export const scoreHistoryOutput = z.object({
  model: modelRef,
  entries: z.array(z.object({ scannedAt: z.string(), score: z.number(), band })),
  source: historySource,
  note: z.string().optional(),
});

export const scanOutput = z.object({
  model: modelRef,
  score: z.number(),
  band,
  findings: z.array(z.string()),
  applied: z.array(z.object({ kind: z.string(), target: z.string() })),
  failed: z.array(
    z.object({ kind: z.string(), target: z.string(), error: z.string().optional(), privilege: z.string().optional() }),
  ),
});
