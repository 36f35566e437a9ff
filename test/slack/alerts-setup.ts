import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { ServiceState } from '../../src/jobs/service-state.js';
import { DEMO } from '@janus/datahub-sim/demo';
import { ingestProposal, ingestProposalBatch, type Proposal } from '@janus/datahub-sim/ingest-client';
import { startSim, type RunningSim, type SimOptions } from '@janus/datahub-sim';
import { cleanPrefix, eventually, REDIS_URL, startJanus, testPrefix, type JanusProcess } from '../support/service.js';
import { blockProblems, startFakeSlack, type FakeMessage, type FakeSlack } from './fake-slack.js';
import { SECRET } from './harness.js';
import { requireBuiltCli } from '../cli/run-janus.js';

/** The demo catalog's teams' channels (their DataHub `slack` fields), the fallback and the escalation channel. */
export const CHANNELS = {
  dataPlatform: 'data-platform-alerts',
  mlPlatform: 'ml-platform',
  riskMl: 'risk-ml-oncall',
  growthMl: 'growth-ml-alerts',
  fallback: 'janus-alerts',
  escalation: 'ml-oncall',
};

/** Slack ids the fake finds by email (unlike the ids DataHub holds, so a mention shows which was used). */
export const SLACK_IDS = {
  dev: 'U1DEV0099',
  alice: 'U1ALICE99',
  erin: 'U1ERIN099',
  /** carol's email is not in the workspace: Argos falls back to the id DataHub holds for her. */
  carolFromDataHub: 'U0CAROL01',
};

export const PUBLIC_URL = 'http://janus.example.test';

export interface AlertsWorld {
  slack: FakeSlack;
  sim: RunningSim;
  prefix: string;
  env: Record<string, string>;
  state: ServiceState;
  /** `janus serve` with Slack on, the service's settings of the test (more env on top). */
  serve(extra?: Record<string, string>): JanusProcess;
  /** Resolves once `n` more cycles have completed. */
  cycles(n: number): Promise<void>;
  ingest(p: Proposal | Proposal[]): Promise<void>;
  /** Every message in a channel (parents and replies), and a channel's parents. */
  parents(channel: string): FakeMessage[];
  /** Every message Slack accepted, checked against Block Kit's limits (the fake refuses invalid ones too). */
  problems(): string[];
  close(): Promise<void>;
}

// one connection for the files of a worker (they share modules): `disconnect` ends it and the next world opens another
let shared: Redis | undefined;
const connection = () => (shared ??= new Redis(REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: true }));

/** A world for the alert tests: the demo catalog in the simulator, a fake Slack with the demo's channels and people. */
export async function alertsWorld(
  opts: { channels?: (slack: FakeSlack) => void; env?: Record<string, string>; sim?: Partial<SimOptions> } = {},
): Promise<AlertsWorld> {
  const slack = await startFakeSlack();
  const custom = opts.channels;
  if (custom) custom(slack);
  // the bot has not been invited to this public channel: it joins it (conversations.join) on its first alert
  if (!slack.channel(CHANNELS.growthMl)) slack.addChannel({ name: CHANNELS.growthMl, member: false });
  for (const name of Object.values(CHANNELS)) if (!slack.channel(name)) slack.addChannel({ name });
  slack.addUser('dev.patel@acmepay.example', SLACK_IDS.dev);
  slack.addUser('alice.chen@acmepay.example', SLACK_IDS.alice);
  slack.addUser('erin.walsh@acmepay.example', SLACK_IDS.erin);
  const sim = await startSim({ demo: true, port: 0, ...opts.sim });
  const prefix = testPrefix();
  const env = {
    DATAHUB_GMS_URL: sim.url,
    JANUS_REDIS_PREFIX: prefix,
    JANUS_CYCLE_INTERVAL: '1s',
    JANUS_JOB_LOCK_MS: '2000',
    JANUS_PUBLIC_URL: PUBLIC_URL,
    JANUS_DATAHUB_UI_URL: 'http://datahub-ui.test:9002',
    SLACK_BOT_TOKEN: 'xoxb-alerts-test',
    SLACK_SIGNING_SECRET: SECRET,
    SLACK_API_URL: slack.apiUrl,
    JANUS_SLACK_FALLBACK_CHANNEL: `#${CHANNELS.fallback}`,
    JANUS_SLACK_CHANNEL_GAP_MS: '200',
    // the alert tests count messages: orphan pings (test/slack/orphans.test.ts) are their own
    JANUS_SLACK_ORPHAN_PINGS: 'off',
    ...opts.env,
  };
  const redis = connection();
  if (redis.status === 'wait') await redis.connect();
  const state = new ServiceState(redis, prefix);
  const running: JanusProcess[] = [];
  const world: AlertsWorld = {
    slack,
    sim,
    prefix,
    env,
    state,
    serve(extra = {}) {
      const p = startJanus('serve', { ...env, ...extra });
      running.push(p);
      return p;
    },
    async cycles(n) {
      const seen = new Set<string>();
      const first = (await state.lastCycle())?.id;
      await eventually(
        async () => {
          const last = await state.lastCycle();
          if (last && last.id !== first) seen.add(last.id);
          return seen.size >= n;
        },
        `${n} completed cycles`,
        60_000,
      );
    },
    async ingest(p) {
      const r = Array.isArray(p) ? await ingestProposalBatch(sim.url, p) : await ingestProposal(sim.url, p);
      if (r.status !== 200) throw new Error(`ingest failed: ${r.status} ${JSON.stringify(r.body)}`);
    },
    parents: (channel) => slack.parents(channel),
    problems: () => slack.messages.flatMap((m) => blockProblems(m.blocks).map((p) => `${m.channel} ${m.ts}: ${p}`)),
    async close() {
      await Promise.all(running.map((p) => p.stop()));
      await slack.close();
      await sim.close();
      await cleanPrefix(prefix);
    },
  };
  return world;
}

export const disconnect = () => {
  shared?.disconnect();
  shared = undefined;
};

/**
 * A test file's alert worlds: requires the built CLI, closes every world a test opened after it and ends the shared
 * Redis connection after the file. Call it at the top of the file; it returns `alertsWorld` for the tests.
 */
export function alertsWorlds(): typeof alertsWorld {
  const worlds: AlertsWorld[] = [];
  beforeAll(requireBuiltCli);
  afterEach(async () => {
    await Promise.all(worlds.splice(0).map((w) => w.close()));
  });
  afterAll(disconnect);
  return async (opts) => {
    const w = await alertsWorld(opts);
    worlds.push(w);
    return w;
  };
}

/** An assertion result on the row-count assertion of `analytics.stg_transactions` (upstream of two models). */
export function stgTransactionsCheck(result: 'FAILURE' | 'SUCCESS', at = Date.now()): Proposal {
  return {
    entityType: 'assertion',
    entityUrn: DEMO.assertions.stgTransactionsRowCount,
    aspectName: 'assertionRunEvent',
    aspect: {
      timestampMillis: at,
      runId: `alerts-test-${at}`,
      asserteeUrn: DEMO.datasets.stgTransactions,
      assertionUrn: DEMO.assertions.stgTransactionsRowCount,
      status: 'COMPLETE',
      result: { type: result },
      partitionSpec: { partition: 'FULL_TABLE_SNAPSHOT', type: 'FULL_TABLE' },
    },
  };
}

/** All the text of a message (its fallback and every block's), to search. */
export const textOf = (m: FakeMessage): string => `${m.text}\n${JSON.stringify(m.blocks)}`;

export { jobRun } from '../support/job-run.js';
