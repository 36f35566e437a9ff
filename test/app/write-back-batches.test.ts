import { afterEach, describe, expect, it } from 'vitest';
import { batchedWriteLowerBound } from '../../bench/lower-bound.js';
import { writeBackModels, type WriteBackDeps } from '../../src/app/write-back.js';
import { AT_RISK_TAG, REPORT_LINK_LABEL } from '../../src/core/writeback/conventions.js';
import type { PlannedWrite } from '../../src/core/writeback/plan.js';
import { createDataHubClient, type DataHubClient } from '../../src/datahub/client.js';
import { unreachable } from '../../src/datahub/errors.js';
import { writeKindOf } from '../../src/datahub/writeback/write-kinds.js';
import { generateCatalog, GENERATED_NOW } from '@janus/datahub-sim/generate';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { THOROUGH } from '../support/thorough.js';
import { gql, normalisedExport, policy, scanAll } from './write-back-helpers.js';

let sim: RunningSim | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

const byKind = (plan: PlannedWrite[]) => {
  const counts: Record<string, number> = {};
  for (const w of plan) counts[writeKindOf(w)] = (counts[writeKindOf(w)] ?? 0) + 1;
  return counts;
};

/** Plants a failure for one write, as GMS fails a write it could not make (code 500), through the simulator's control. */
async function failWrite(field: string, urn: string, times: number) {
  const res = await fetch(`${sim!.url}/__sim/write-faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ field, urn, times }),
  });
  expect(res.status).toBe(204);
}

const MODEL = `query M($urn: String!) { mlModel(urn: $urn) { tags { tags { tag { urn } } } institutionalMemory { elements { url label } }
  structuredProperties { properties { structuredProperty { urn } } } } }`;
type Model = {
  tags: { tags: { tag: { urn: string } }[] } | null;
  institutionalMemory: { elements: { url: string; label: string }[] } | null;
  structuredProperties: { properties: unknown[] } | null;
};
const model = async (urn: string) => (await gql<{ mlModel: Model }>(sim!, MODEL, { urn })).mlModel;
const reportLinks = (m: Model) =>
  (m.institutionalMemory?.elements ?? []).filter((l) => l.label === REPORT_LINK_LABEL).length;
const tagged = (m: Model) => (m.tags?.tags ?? []).some((t) => t.tag.urn === AT_RISK_TAG.urn);
/** The plan a write-back makes on the simulator's catalog, from a dry run. */
const dryRunPlan = async (on: RunningSim): Promise<PlannedWrite[]> =>
  (
    await writeBackModels(
      { client: createDataHubClient({ url: on.url }), policy, reportBaseUrl: 'http://janus.test' },
      'all',
      { dryRun: true },
    )
  ).plan;
const targets = (plan: PlannedWrite[], kind: PlannedWrite['kind']) =>
  plan.flatMap((w) => (w.kind === kind && 'model' in w ? [w.model] : []));

describe('a write-back in few requests', () => {
  // 40 models at 10 writes a request make the same requests (21 at the bound, 27 sent) as 200 models at DataHub's
  // default of 50 (JANUS_THOROUGH=1), for a fifth of the judging.
  const size = THOROUGH
    ? { models: 200, datasets: 2000, writeBatch: 50 }
    : { models: 40, datasets: 400, writeBatch: 10 };
  it(`writes ${size.models} models, ${size.writeBatch} writes a request, in at most 1.5 × the batched lower bound of requests, then a rerun writes nothing`, async () => {
    sim = await startSim({
      records: generateCatalog({ models: size.models, datasets: size.datasets, depth: 6, seed: 3 }),
      port: 0,
      now: () => GENERATED_NOW,
    });
    const client = createDataHubClient({ url: sim.url, writeBatch: size.writeBatch });
    const deps: WriteBackDeps = { client, policy, now: () => GENERATED_NOW, reportBaseUrl: 'http://janus.test' };
    // what the write-back reads before it writes: the same as a dry run's
    const dry = await writeBackModels(deps, 'all', { dryRun: true, keepVerdicts: false });
    const reads = sim.stats().requests;
    // a first write-back looks at the causes' past incidents (human-resolutions.ts); a rerun finds each one open
    const pastIncidentReads = sim.stats().byOperation.JanusDatasetsIncidents ?? 0;
    expect(pastIncidentReads).toBeGreaterThan(0);
    sim.resetStats();
    const first = await writeBackModels(deps, 'all', { keepVerdicts: false });
    expect(first.plan).toEqual(dry.plan);
    expect(first.failed).toEqual([]);
    expect(first.applied).toHaveLength(first.plan.length);

    const bound = batchedWriteLowerBound(byKind(first.plan), client.writeBatch);
    const writeRequests = sim.stats().requests - reads;
    expect(first.plan.length).toBeGreaterThan(4.5 * size.models);
    expect(bound).toBeGreaterThanOrEqual(9);
    expect(writeRequests, JSON.stringify({ bound, byOperation: sim.stats().byOperation })).toBeLessThanOrEqual(
      1.5 * bound,
    );

    sim.resetStats();
    const second = await writeBackModels(deps, 'all', { keepVerdicts: false });
    expect(second.plan).toEqual([]);
    expect(sim.stats().mutations).toBe(0);
    expect(sim.stats().requests).toBe(reads - pastIncidentReads);
  }, 120_000);

  it('lands the other writes of a batch when one fails, and sends only that one again', async () => {
    sim = await startSim({ demo: true, port: 0 });
    const plan = await dryRunPlan(sim);
    const linked = targets(plan, 'upsertLink');
    expect(linked.length).toBeGreaterThan(2);
    await failWrite('upsertLink', linked[1]!, 1);
    sim.resetStats();
    const result = await scanAll(sim);
    expect(result.failed).toEqual([]);
    const stats = sim.stats();
    // one batch of every link, then that one link alone (re-read first: it is written only if DataHub lacks it)
    expect(stats.byOperation).toMatchObject({ JanusUpsertLink: 2, JanusModelsLinks: 2 });
    expect(stats.byRootField.upsertLink).toBe(linked.length + 1);
    for (const m of linked) expect(reportLinks(await model(m))).toBe(1);
  });

  it('reports exactly the write that keeps failing, and lands the others', async () => {
    sim = await startSim({ demo: true, port: 0 });
    const plan = await dryRunPlan(sim);
    const linked = targets(plan, 'upsertLink');
    await failWrite('upsertLink', linked[2]!, 10);
    sim.resetStats();
    const result = await scanAll(sim); // the helper's client retries once
    expect(result.failed).toEqual([
      { kind: 'upsertLink', target: linked[2], error: expect.stringMatching(/An unknown error occurred/) },
    ]);
    expect(result.applied).toHaveLength(plan.length - 1);
    expect(sim.stats().byRootField.upsertLink).toBe(linked.length + 1);
    for (const m of linked) expect(reportLinks(await model(m))).toBe(m === linked[2] ? 0 : 1);
    // the next scan writes just that link
    const again = await scanAll(sim);
    expect(again.plan).toEqual([{ kind: 'upsertLink', model: linked[2], url: expect.any(String) }]);
  });

  it('sends again the writes after a failed one that GMS did not run (a non-null field nulls the whole answer)', async () => {
    sim = await startSim({ demo: true, port: 0 });
    const plan = await dryRunPlan(sim);
    const trusted = targets(plan, 'setTrust');
    expect(trusted.length).toBeGreaterThan(3);
    await failWrite('upsertStructuredProperties', trusted[1]!, 1);
    sim.resetStats();
    const result = await scanAll(sim);
    expect(result.failed).toEqual([]);
    // every write of the plan landed once: the writes after the failed one were not run the first time
    const raised = result.applied.filter((a) => a.kind === 'raiseIncident').length; // ingested, not mutations
    expect(sim.stats().mutations).toBe(result.applied.length - targets(plan, 'addTag').length + 1 - raised);
    for (const m of trusted) expect((await model(m)).structuredProperties?.properties.length).toBeGreaterThanOrEqual(2);
  });

  it('sends a batch of incidents again after an answer lost on the way, raising only what the re-read does not find', async () => {
    sim = await startSim({ demo: true, port: 0 });
    const real = createDataHubClient({ url: sim.url, retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 2 } });
    let lost = 0;
    // the first batch of raises reaches DataHub and lands, but its answer never comes back
    const client: DataHubClient = {
      ...real,
      ingest: async (name, proposals) => {
        await real.ingest(name, proposals);
        if (lost++ === 0) throw unreachable(name, 'timed out');
      },
    };
    const result = await writeBackModels({ client, policy, reportBaseUrl: 'http://janus.test' }, 'all');
    const raises = result.plan.filter((w) => w.kind === 'raiseIncident').length;
    expect(raises).toBeGreaterThan(1);
    expect(result.failed).toEqual([]);
    expect(result.applied.filter((a) => a.kind === 'raiseIncident')).toEqual([]); // found by the re-read: already in DataHub
    const incidents = (await normalisedExport(sim)).filter((r) => r.aspectName === 'incidentInfo');
    expect(incidents).toHaveLength(raises);
    expect(sim.stats().ingestion.requests).toBe(1);
    expect(sim.stats().byOperation).toMatchObject({ JanusMe: 1 }); // the resend found every incident: nothing to write
  });

  it('tags many models in one batchAddTags, and one by one when DataHub refuses the batch', async () => {
    sim = await startSim({ demo: true, port: 0 });
    const plan = await dryRunPlan(sim);
    const tags = targets(plan, 'addTag');
    expect(tags.length).toBeGreaterThan(1);
    await failWrite('batchAddTags', tags[0]!, 1);
    await failWrite('addTag', tags[0]!, 10);
    sim.resetStats();
    const result = await scanAll(sim);
    expect(result.failed).toEqual([
      { kind: 'addTag', target: tags[0], error: expect.stringMatching(/An unknown error occurred/) },
    ]);
    expect(sim.stats().byRootField).toMatchObject({ batchAddTags: 1, addTag: tags.length + 1 });
    for (const m of tags) expect(tagged(await model(m))).toBe(m !== tags[0]);
  });
});
