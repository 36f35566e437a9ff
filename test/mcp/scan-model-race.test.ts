import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '@janus/datahub-sim/demo';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { gql } from '../app/write-back-helpers.js';
import { checkEvidence, exportedRecords } from '../support/evidence-check.js';
import { call, connect, depsFor, textOf } from './harness.js';

// Issue 20, case 1: parallel scan_model calls (like scans without Redis) raced into duplicate incidents that
// every later scan kept. Whatever raced before, scan_model now converges on one ACTIVE incident per root cause.
let sim: RunningSim;
beforeAll(async () => {
  sim = await startSim({ demo: true, port: 0, latencyMs: 20 });
});
afterAll(() => sim.close());

const INCIDENTS = `query($urn: String!) { dataset(urn: $urn) { incidents(state: ACTIVE, start: 0, count: 100) {
  incidents { urn title description incidentType priority } } } }`;
const RAISE = `mutation($input: RaiseIncidentInput!) { raiseIncident(input: $input) }`;

describe('scan_model called in parallel', () => {
  it('resolves the duplicates a race left, keeping the oldest, and leaves one ACTIVE incident per root cause', async () => {
    // six MCP sessions (each its own server and DataHub client, as agents working in parallel have), no Redis
    const writers = await Promise.all(
      Array.from({ length: 6 }, () => connect(depsFor(sim.url, { allowWrites: true }))),
    );
    const model = DEMO.modelNames.sessionIntent;
    const first = await call(writers[0]!, 'scan_model', { model });
    expect(first.isError, textOf(first)).toBeFalsy();
    // what a race leaves: the same Janus incident raised twice more
    type Incidents = {
      dataset: {
        incidents: {
          incidents: { urn: string; title: string; description: string; incidentType: string; priority: string }[];
        };
      };
    };
    const before = await gql<Incidents>(sim, INCIDENTS, { urn: DEMO.datasets.stgSessions });
    const original = before.dataset.incidents.incidents.find((i) => i.description.includes('janus-key: '))!;
    for (let n = 0; n < 2; n++)
      await gql(sim, RAISE, {
        input: {
          type: original.incidentType,
          title: original.title,
          description: original.description,
          priority: original.priority,
          resourceUrns: [DEMO.datasets.stgSessions],
        },
      });
    expect(checkEvidence(await exportedRecords(sim.url)).problems).not.toEqual([]);

    const results = await Promise.all(writers.map((w) => call(w, 'scan_model', { model })));
    for (const r of results) expect(r.isError, textOf(r)).toBeFalsy();
    const clean = await call(writers[0]!, 'scan_model', { model });
    expect(clean.isError, textOf(clean)).toBeFalsy();
    const { activeByKey, problems } = checkEvidence(await exportedRecords(sim.url));
    expect(activeByKey.size).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    const after = await gql<Incidents>(sim, INCIDENTS, { urn: DEMO.datasets.stgSessions });
    expect(after.dataset.incidents.incidents.map((i) => i.urn)).toEqual([original.urn]);
    for (const w of writers) await w.close();
  }, 60_000);
});
