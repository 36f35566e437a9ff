import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judgeModel } from '../../src/app/judge-model.js';
import { createDataHubClient, type DataHubClient } from '../../src/datahub/client.js';
import { verdictJson } from '../../src/render/json.js';
import { DEMO } from '@janus/datahub-sim/demo';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { policy } from './write-back-helpers.js';
import type { DemoFinding, DemoVerdict } from '../support/demo-verdicts.js';

let sim: RunningSim;
let client: DataHubClient;
beforeAll(async () => {
  sim = await startSim({ demo: true, port: 0 });
  client = createDataHubClient({ url: sim.url });
});
afterAll(() => sim?.close());

// What `janus trust <model> --json` prints (src/cli/commands/trust-run.ts), in this process; test/cli/trust.test.ts
// runs the command itself. The verdicts are the golden file every test quoting a demo score reads
// (test/support/demo-verdicts.ts): `npx vitest run test/app/judge-model.test.ts -u` rewrites it.
describe('the verdict on each model of the demo catalog', () => {
  const golden: Record<string, DemoVerdict> = {};
  it('is the golden file test/__golden__/demo-verdicts.json', async () => {
    for (const name of Object.values(DEMO.modelNames)) {
      const v = JSON.parse(JSON.stringify(verdictJson((await judgeModel({ client, policy }, name)).verdict)));
      expect(v.model.name).toBe(name);
      expect(v.deductions.reduce((s: number, d: { weight: number }) => s + d.weight, 0)).toBe(100 - v.score);
      expect(v.datahub).toBe(sim.url);
      const findings = v.findings.map(({ detector, entity, key }: DemoFinding) => ({ detector, entity, key }));
      golden[name] = { urn: v.model.urn, name, score: v.score, band: v.band, findings };
    }
    await expect(`${JSON.stringify(golden, null, 2)}\n`).toMatchFileSnapshot('../__golden__/demo-verdicts.json');
  });

  it('plants what docs/demo-catalog.md says: the leak, a failing upstream, a stale source, missing owners', () => {
    const plants = (model: keyof typeof DEMO.modelNames, detector: string, entity: string) =>
      expect(golden[DEMO.modelNames[model]]?.findings).toContainEqual(expect.objectContaining({ detector, entity }));
    plants('fraud', 'target_leakage', DEMO.datasets.stgChargebacks);
    plants('sessionIntent', 'upstream_failure', DEMO.datasets.stgSessions);
    plants('campaignUplift', 'freshness_lag', DEMO.datasets.campaignTouches);
    plants('churn', 'missing_owner', DEMO.models.churn);
  });
});
