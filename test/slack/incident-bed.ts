import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { writeBackModels } from '../../src/app/write-back.js';
import { judgePolicy } from '../../src/config/index.js';
import { judgeSchema } from '../../src/config/judge.js';
import { createDataHubClient, type DataHubClient } from '../../src/datahub/client.js';
import { readIncidentFacts } from '../../src/datahub/incident-facts.js';
import { eventually } from '../support/service.js';
import { startFakeSlack, type FakeSlack } from './fake-slack.js';
import {
  alertMessage,
  callsOf,
  clickButton,
  postInteraction,
  startJanusWithIncidents,
  viewSubmission,
  withIncidentMethods,
  type JanusWithIncidents,
  type Json,
  type Member,
} from './incident-slack.js';

/** The demo simulator, the fake Slack answering the incident buttons and Janus with its Slack app (Bolt, signed). */
export interface IncidentBed {
  sim: RunningSim;
  client: DataHubClient;
  slack: FakeSlack;
  janus: JanusWithIncidents;
}

/**
 * An incident bed started before a file's tests and closed after; after each test, Slack saw no call it did not
 * expect. With `scan`, the demo catalog is judged and written back first, so Janus's incidents are in DataHub.
 */
export function useIncidentBed(opts: {
  members: Member[];
  scan?: boolean;
  /** Done to the simulator before the scan (a change to the catalog). */
  seed?: (sim: RunningSim) => Promise<void>;
  /** Starts a simulator of the test's own making, in place of the demo's (`seed` and `scan` are then not done). */
  start?: () => Promise<{ sim: RunningSim; client: DataHubClient }>;
  redis?: Redis;
  env?: Record<string, string>;
}): IncidentBed {
  const bed = {} as IncidentBed;
  beforeAll(async () => {
    ({ sim: bed.sim, client: bed.client } = opts.start ? await opts.start() : await startDemo(opts));
    bed.slack = await startFakeSlack();
    withIncidentMethods(bed.slack, opts.members);
    bed.janus = await startJanusWithIncidents({
      datahub: bed.sim.url,
      slack: bed.slack,
      redis: opts.redis,
      env: opts.env,
    });
  });
  afterAll(async () => {
    await bed.janus?.close();
    await bed.slack?.close();
    await bed.sim?.close();
  });
  afterEach(() => {
    expect(bed.slack.unexpected).toEqual([]);
  });
  return bed;
}

async function startDemo(opts: { scan?: boolean; seed?: (sim: RunningSim) => Promise<void> }) {
  const sim = await startSim({ demo: true, port: 0 });
  const client = createDataHubClient({ url: sim.url });
  await opts.seed?.(sim);
  if (opts.scan) {
    const policy = judgePolicy(judgeSchema.parse({}));
    expect((await writeBackModels({ client, policy }, 'all', { keepVerdicts: false })).failed).toEqual([]);
  }
  return { sim, client };
}

/** Resolve clicked by `who` on an alert about `urn` posted at `ts`: the modal Slack was asked to open. */
export async function openResolve(bed: IncidentBed, who: Member, urn: string, ts: string): Promise<Json> {
  const before = callsOf(bed.slack, 'views.open').length;
  const { res } = await clickButton(bed.slack, bed.janus.endpoint, {
    user: who,
    actionId: 'janus.incident.resolve',
    value: urn,
    message: alertMessage(urn, ts),
  });
  expect(res.status).toBe(200);
  const [open] = await eventually(() => {
    const opened = callsOf(bed.slack, 'views.open').slice(before);
    return opened.length ? opened : undefined;
  }, 'views.open');
  return open!.view as Json;
}

/** The Resolve modal `view` submitted by `who`: Janus's HTTP answer. */
export const submitResolve = (
  bed: IncidentBed,
  who: Member,
  view: Json,
  fields: { stage?: string; note?: string; days?: string },
) =>
  postInteraction(
    bed.janus.endpoint,
    viewSubmission({ user: who.id, privateMetadata: view.private_metadata as string, ...fields }),
  );

/** The Resolve modal `view` submitted by `who` as Accept the risk, for `days`, answered 200. */
export async function submitAccept(
  bed: IncidentBed,
  who: Member,
  view: Json,
  note: string,
  days = '30',
): Promise<void> {
  const submit = await submitResolve(bed, who, view, { stage: 'NO_ACTION_REQUIRED', note, days });
  expect(submit.status).toBe(200);
}

/** Resolves once DataHub holds the incident `urn` as resolved. */
export const untilResolved = (bed: IncidentBed, urn: string) =>
  eventually(
    async () => (await readIncidentFacts(bed.client, urn))!.status.state === 'RESOLVED',
    'the incident resolved',
  );
