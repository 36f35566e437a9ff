import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judgeModel } from '../../src/app/judge-model.js';
import { createDataHubClient, type DataHubClient } from '../../src/datahub/client.js';
import { verdictJson } from '../../src/render/json.js';
import { DEMO } from '@janus/datahub-sim/demo';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { policy } from './write-back-helpers.js';

let sim: RunningSim;
let client: DataHubClient;
beforeAll(async () => {
  sim = await startSim({ demo: true, port: 0 });
  client = createDataHubClient({ url: sim.url });
});
afterAll(() => sim?.close());

// What `janus trust <model> --json` prints (src/cli/commands/trust-run.ts), in this process; test/cli/trust.test.ts
// runs the command itself.
describe('the verdict on each model of the demo catalog', () => {
  it.each([
    ['fraud_detector_v4', 80, 'at_risk', [['target_leakage', DEMO.datasets.stgChargebacks]]],
    ['churn_predictor_v2', 90, 'trusted', [['missing_owner', DEMO.models.churn]]],
    ['session_intent_v1', 60, 'caution', [['upstream_failure', DEMO.datasets.stgSessions]]],
    [
      'campaign_uplift_v1',
      75,
      'caution',
      [
        ['freshness_lag', DEMO.datasets.campaignTouches],
        ['missing_owner', DEMO.datasets.upliftTrainingSet],
      ],
    ],
    ['customer_ltv_v2', 100, 'trusted', []],
  ])('%s → %i %s', async (name, score, band, findings) => {
    const v = JSON.parse(JSON.stringify(verdictJson((await judgeModel({ client, policy }, name)).verdict)));
    expect(v.model.name).toBe(name);
    expect(v.score).toBe(score);
    expect(v.band).toBe(band);
    expect(v.findings.map((f: { detector: string; entity: string }) => [f.detector, f.entity])).toEqual(findings);
    expect(v.deductions.reduce((s: number, d: { weight: number }) => s + d.weight, 0)).toBe(100 - score);
    expect(v.datahub).toBe(sim.url);
  });
});
