import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { IncrementalJudge } from '../../src/app/incremental-judge.js';
import { judgePolicy } from '../../src/config/index.js';
import { judgeSchema } from '../../src/config/judge.js';
import type { Verdict } from '../../src/core/verdict.js';
import { createDataHubClient } from '../../src/datahub/client.js';
import type { DataHubClient } from '../../src/datahub/client.js';
import { DeadlinePassedError, deadlinePassed } from '../../src/datahub/errors.js';
import { DEMO } from '@janus/datahub-sim/demo';
import { ingestProposalBatch } from '@janus/datahub-sim/ingest-client';
import { mulberry32, startSim, type RunningSim } from '@janus/datahub-sim';
import { startFaultyProxy, type FaultyProxy } from '../chaos/faulty-proxy.js';
import { jobRun } from '../support/job-run.js';
import { TEST_SEED } from '../support/thorough.js';

// The service's cycles under a deadline, against a DataHub that never answers 30% of its requests: a cycle cut short
// leaves what it read to the next (a whole-catalog read goes on where it stopped; what it was reading again is read
// again), so once one completes, the judge holds the verdicts one uninterrupted full judgment gives.
const policy = judgePolicy(judgeSchema.parse({}));
type Judged = Record<string, { score: number; band: string; findings: string[] }>;
const record = (into: Judged) => (v: Verdict) =>
  void (into[v.model.urn] = { score: v.score, band: v.band, findings: v.findings.map((f) => f.key).sort() });

const ROUNDS = 6;
const DEADLINE_MS = 500;

let sim: RunningSim;
let proxy: FaultyProxy;
beforeAll(async () => {
  sim = await startSim({ demo: true, port: 0 });
  proxy = await startFaultyProxy(sim.url, 0.3, TEST_SEED, ['timeout']);
});
afterAll(async () => {
  await proxy.close();
  await sim.close();
});

/** What one uninterrupted full read and judgment says of every model. */
async function fullJudgment(now: number, of = sim): Promise<Judged> {
  const out: Judged = {};
  await new IncrementalJudge({ client: createDataHubClient({ url: of.url }), policy }, { refreshMs: 1 }).cycle(
    now,
    record(out),
  );
  return out;
}

describe('cycles cut short at their deadline by a DataHub that hangs', () => {
  it(`reach the verdicts of an uninterrupted full judgment, over ${ROUNDS} rounds of job runs`, async () => {
    // only the cycle's deadline ends a hung request: the client alone would wait 20 s
    const client = createDataHubClient({ url: proxy.url, timeoutMs: 20_000, longReadTimeoutMs: 20_000 });
    await client.serverVersion();
    const judge = new IncrementalJudge({ client, policy }, { refreshMs: Number.POSITIVE_INFINITY });
    const jobs = [...sim.store.all('dataJob')].map((e) => e.urn);
    const random = mulberry32(TEST_SEED);
    const judged: Judged = {};
    let cut = 0;
    let now = Date.now();
    for (let round = 0; round < ROUNDS; round++) {
      if (round > 0) {
        const job = jobs[Math.floor(random() * jobs.length)]!;
        const result = random() < 0.5 ? 'FAILURE' : 'SUCCESS';
        const run = jobRun(job, result, now, { urn: `urn:li:dataProcessInstance:cut-${round}`, runId: `cut-${round}` });
        expect((await ingestProposalBatch(sim.url, run)).status).toBe(200);
      }
      for (let attempt = 0; ; attempt++) {
        expect(attempt, `round ${round}: no cycle completed`).toBeLessThan(60);
        try {
          await judge.cycle(now, record(judged), [], false, client.within(AbortSignal.timeout(DEADLINE_MS)));
          break;
        } catch (err) {
          if (!deadlinePassed(err)) throw err;
          cut++;
        }
      }
      expect(judged, `round ${round}`).toEqual(await fullJudgment(now));
      now += 3_600_000;
    }
    console.log(`cycles cut short: ${cut} over ${ROUNDS} rounds; requests hung: ${proxy.injected.timeout}`);
    expect(cut).toBeGreaterThan(0);
  }, 120_000);

  it('reads again, next cycle, what a cycle cut short was reading again: a failed run is not lost', async () => {
    const own = await startSim({ demo: true, port: 0 });
    onTestFinished(() => own.close());
    const client = createDataHubClient({ url: own.url });
    const judge = new IncrementalJudge({ client, policy }, { refreshMs: Number.POSITIVE_INFINITY });
    const judged: Judged = {};
    const now = Date.now();
    await judge.cycle(now, record(judged));
    const run = jobRun(DEMO.jobs.buildFraudTrainingSet, 'FAILURE', now, {
      urn: 'urn:li:dataProcessInstance:cut',
      runId: 'cut',
    });
    expect((await ingestProposalBatch(own.url, run)).status).toBe(200);
    // the probe sees the run; the deadline passes while the job is being read again
    const cutAtRead = { ...client, requestPartial: () => Promise.reject(new DeadlinePassedError('JanusEntities')) };
    await expect(judge.cycle(now, record(judged), [], false, cutAtRead as DataHubClient)).rejects.toThrow(
      DeadlinePassedError,
    );
    await judge.cycle(now, record(judged));
    const full = await fullJudgment(now, own);
    expect(judged).toEqual(full);
    expect(full[DEMO.models.fraud]!.findings.join()).toMatch(/build_fraud_training_set/);
  });
});
