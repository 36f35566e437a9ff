import { readFileSync } from 'node:fs';
import { DEMO } from '@janus/datahub-sim/demo';

/**
 * What Janus says of each demo model, read from test/__golden__/demo-verdicts.json. That file is written by
 * test/app/judge-model.test.ts from the demo catalog (`npx vitest run test/app/judge-model.test.ts -u` rewrites
 * it), so a detector that fires on the demo catalog changes that one file, not every test that quotes a demo score.
 * Tests that build their own catalog keep their own numbers.
 */
export interface DemoVerdict {
  urn: string;
  name: string;
  score: number;
  band: 'trusted' | 'caution' | 'at_risk';
  /** In the verdict's order. */
  findings: DemoFinding[];
}

export interface DemoFinding {
  detector: string;
  entity: string;
  /** The finding's key (`detector:urn`), as the MCP tools and the write-back name it. */
  key: string;
}

export type DemoModel = keyof typeof DEMO.modelNames;

export const DEMO_VERDICTS_FILE = new URL('../__golden__/demo-verdicts.json', import.meta.url);

let byName: Record<string, DemoVerdict> | undefined;

/** The golden verdict of a demo model, by its role in DEMO.models (`fraud`, `churn`, …). */
export function demoVerdict(model: DemoModel): DemoVerdict {
  byName ??= JSON.parse(readFileSync(DEMO_VERDICTS_FILE, 'utf8')) as Record<string, DemoVerdict>;
  const v = byName[DEMO.modelNames[model]];
  if (!v) throw new Error(`${DEMO.modelNames[model]} is not in ${DEMO_VERDICTS_FILE.pathname}`);
  return v;
}

export const demoScore = (model: DemoModel): number => demoVerdict(model).score;

/** The first words of a verdict's summary line: `fraud_detector_v4 scores 80/100`. */
export const demoScoreLine = (model: DemoModel): string => `${DEMO.modelNames[model]} scores ${demoScore(model)}/100`;

/** Every demo model's golden verdict, in the order of DEMO.modelNames. */
export const demoVerdicts = (): DemoVerdict[] =>
  (Object.keys(DEMO.modelNames) as DemoModel[]).map((m) => demoVerdict(m));

/** A demo model's finding keys, in the verdict's order. */
export const demoFindingKeys = (model: DemoModel): string[] => demoVerdict(model).findings.map((f) => f.key);
