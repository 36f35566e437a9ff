import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IncrementalJudge } from '../../src/app/incremental-judge.js';
import { judgeCatalog } from '../../src/app/judge-catalog.js';
import { judgePolicy } from '../../src/config/index.js';
import { judgeSchema } from '../../src/config/judge.js';
import type { Verdict } from '../../src/core/verdict.js';
import { createDataHubClient } from '../../src/datahub/client.js';
import { generateCatalog, GENERATED_NOW } from '@janus/datahub-sim/generate';
import { ingestProposalBatch, type Proposal } from '@janus/datahub-sim/ingest-client';
import { mulberry32, startSim, type RunningSim } from '@janus/datahub-sim';
import { jobRun } from '../support/job-run.js';
import { rounds } from '../support/thorough.js';

const HOUR = 3_600_000;
const policy = judgePolicy(judgeSchema.parse({}));
type Judged = Record<string, { score: number; band: string; findings: string[] }>;
const record = (into: Judged) => (v: Verdict) =>
  void (into[v.model.urn] = { score: v.score, band: v.band, findings: v.findings.map((f) => f.key).sort() });

/** Random changes as ingestion makes them: runs and checks that pass or fail, loads, ownership moves, time. */
function randomChanges(sim: RunningSim, random: () => number, now: number, cycle: number): Proposal[] {
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
  const datasets = [...sim.store.all('dataset')].map((e) => e.urn);
  const assertions = [...sim.store.all('assertion')].map((e) => e.urn);
  const jobs = [...sim.store.all('dataJob')].map((e) => e.urn);
  const people = ['urn:li:corpuser:dev.patel', 'urn:li:corpGroup:risk-ml'];
  const run = { runId: `test-run-${cycle}`, lastObserved: now };
  const out: Proposal[] = [];
  for (let n = Math.floor(random() * 4); n > 0; n--) {
    const choice = random();
    if (choice < 0.3) {
      out.push({
        entityType: 'dataset',
        entityUrn: pick(datasets),
        aspectName: 'operation',
        aspect: {
          timestampMillis: now,
          lastUpdatedTimestamp: now,
          operationType: 'INSERT',
          partitionSpec: { partition: 'FULL_TABLE_SNAPSHOT', type: 'FULL_TABLE' },
        },
      });
    } else if (choice < 0.5 && assertions.length) {
      const a = pick(assertions);
      out.push({
        entityType: 'assertion',
        entityUrn: a,
        aspectName: 'assertionRunEvent',
        aspect: {
          timestampMillis: now,
          runId: `${now}`,
          asserteeUrn: pick(datasets),
          assertionUrn: a,
          status: 'COMPLETE',
          result: { type: random() < 0.5 ? 'FAILURE' : 'SUCCESS' },
          partitionSpec: { partition: 'FULL_TABLE_SNAPSHOT', type: 'FULL_TABLE' },
        },
      });
    } else if (choice < 0.7 && jobs.length) {
      const urn = `urn:li:dataProcessInstance:test-${cycle}-${n}`;
      const result = random() < 0.5 ? 'FAILURE' : 'SUCCESS';
      out.push(...jobRun(pick(jobs), result, now, { urn, runId: run.runId }));
    } else {
      const owners = random() < 0.4 ? [] : [{ owner: pick(people), type: 'TECHNICAL_OWNER' }];
      out.push({
        entityType: 'dataset',
        entityUrn: pick(datasets),
        aspectName: 'ownership',
        aspect: { owners, lastModified: { time: now, actor: 'urn:li:corpuser:datahub' } },
        systemMetadata: run,
      });
    }
  }
  return out;
}

async function compareOver(sim: RunningSim, cycles: number, seed: number, start: number) {
  const client = createDataHubClient({ url: sim.url });
  const judge = new IncrementalJudge({ client, policy }, { refreshMs: Number.POSITIVE_INFINITY });
  const random = mulberry32(seed);
  const incremental: Judged = {};
  let now = start;
  let rejudged = 0;
  for (let cycle = 0; cycle < cycles; cycle++) {
    const changes = randomChanges(sim, random, now, cycle);
    if (changes.length) expect((await ingestProposalBatch(sim.url, changes)).status).toBe(200);
    const c = await judge.cycle(now, record(incremental));
    if (cycle > 0) rejudged += c.judged.length;
    const full: Judged = {};
    await judgeCatalog({ client, policy, now: () => now }, record(full));
    expect(incremental, `cycle ${cycle}`).toEqual(full);
    now += Math.floor(random() * 12 * HOUR);
  }
  return rejudged;
}

/** Random cycles on the demo catalog (the acceptance of the service: 50, every run). */
const CYCLES = 50;
/** On the generated catalog, whose cycles cost more: the first 20 of them by default, all 50 with JANUS_THOROUGH=1. */
const GENERATED_CYCLES = rounds(CYCLES, 20);

describe('an incremental cycle reaches the verdicts of a full one', () => {
  let demo: RunningSim;
  let generated: RunningSim;
  beforeAll(async () => {
    [demo, generated] = await Promise.all([
      startSim({ demo: true, port: 0 }),
      startSim({ records: generateCatalog({ models: 20, datasets: 200, depth: 5, seed: 3 }), port: 0 }),
    ]);
  });
  afterAll(() => Promise.all([demo?.close(), generated?.close()]));

  it(`on the demo catalog, over ${CYCLES} cycles of random runs, checks, loads, ownership moves and time`, async () => {
    const rejudged = await compareOver(demo, CYCLES, 7, Date.now());
    expect(rejudged).toBeGreaterThan(0);
    expect(rejudged).toBeLessThan((CYCLES - 1) * 5); // not everything, every time
  }, 120_000);

  it(`on a generated catalog of 20 models, over ${GENERATED_CYCLES} cycles`, async () => {
    const rejudged = await compareOver(generated, GENERATED_CYCLES, 11, GENERATED_NOW);
    expect(rejudged).toBeGreaterThan(0);
    expect(rejudged).toBeLessThan((GENERATED_CYCLES - 1) * 20);
  }, 120_000);
});
