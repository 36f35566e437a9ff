import { afterAll, describe, expect, it } from 'vitest';
import { judgeModel } from '../../src/app/judge-model.js';
import { judgePolicy } from '../../src/config/index.js';
import { judgeSchema } from '../../src/config/judge.js';
import { createDataHubClient } from '../../src/datahub/client.js';
import { downstreamModels } from '../../src/datahub/queries/downstream-models.js';
import { generateCatalog, GENERATED_NOW } from '@janus/datahub-sim/generate';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { THOROUGH } from '../support/thorough.js';

const policy = judgePolicy(judgeSchema.parse({}));

let sim: RunningSim | undefined;
afterAll(() => sim?.close());

// `janus trust model_00001` on `janus sim generate --models 300 --datasets 6000 --depth 12 --seed 3`, judged as of
// 2025-06-02T20:00:00Z: a blast radius of 129 to 256 datasets, which Janus used to ask in one aliased document of 256
// scrolls of 24,332 grammar tokens (graphql-java cancels past 15,000). The simulator refuses such a document as GMS
// does, so the verdict comes only from documents GMS takes. By default a smaller catalog with the same property
// (a blast radius of 195 datasets, past one document's 128: about 18,500 tokens in one document); the reported one
// under JANUS_THOROUGH=1 (a 21 MB answer: most of its time goes to the simulator answering the upstream reach).
const CATALOG = THOROUGH
  ? { models: 300, datasets: 6000, depth: 12, seed: 3 }
  : { models: 100, datasets: 4000, depth: 6, seed: 3 };

describe("trust on a catalog whose blast radius passes one document of GMS's", () => {
  it(
    'answers with a verdict, every request within the limits (the reported catalog under JANUS_THOROUGH=1)',
    { timeout: 300_000 },
    async () => {
      const records = generateCatalog(CATALOG);
      sim = await startSim({ records, port: 0, now: () => GENERATED_NOW });
      const model = (records as { entityUrn?: string }[])
        .map((r) => r.entityUrn)
        .find((u) => u && /mlModel:.*,model_00001,/.test(u))!;
      const client = createDataHubClient({ url: sim.url });
      sim.resetStats();
      const { verdict } = await judgeModel({ client, policy, now: () => Date.parse('2025-06-02T20:00:00Z') }, model);
      // more datasets than one document of the lookup carries (128 since its copies skip the lineage search cache)
      expect(verdict.blastRadius.length).toBeGreaterThan(downstreamModels.max);
      expect(['trusted', 'caution', 'at_risk']).toContain(verdict.band);
      expect(verdict.blastRadius.every((b) => b.models.length > 0)).toBe(true);
      // the simulator counts an operation only when it ran: none was refused
      const stats = sim.stats();
      expect(Object.values(stats.byOperation).reduce((a, b) => a + b, 0)).toBe(stats.requests);
    },
  );
});
