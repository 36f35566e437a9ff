import { afterEach, describe, expect, it } from 'vitest';
import { startSim, type DataHubRelease, type RunningSim, type SimOptions } from '../src/index.js';
import { DEMO } from '../src/demo/index.js';

// Issue 35: the simulator as DataHub v1.0.0, v1.3.0 or current (--datahub-version): each release's schema (a checked
// subset, packages/datahub-sim/schemas/ and src/schema/), its resolvers' semantics where they changed, its GET /config.
const sims: RunningSim[] = [];
afterEach(async () => {
  await Promise.all(sims.splice(0).map((s) => s.close()));
});
async function simOf(opts: SimOptions = {}) {
  const sim = await startSim({ demo: true, port: 0, ...opts });
  sims.push(sim);
  return sim;
}
const gql = async (sim: RunningSim, query: string, variables: Record<string, unknown> = {}) =>
  (await (
    await fetch(`${sim.url}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    })
  ).json()) as { data?: Record<string, unknown>; errors?: { message: string }[] };

const MODEL = DEMO.models.fraud;
const links = (sim: RunningSim) =>
  sim.store.aspect<{ elements: { url: string; description: string }[] }>(MODEL, 'institutionalMemory')?.elements ?? [];

describe('GET /config', () => {
  it.each<[DataHubRelease, string]>([
    ['1.0.0', 'v1.0.0'],
    ['1.3.0', 'v1.3.0'],
    ['current', 'v1.6.0'],
  ])('DataHub %s reports %s as GMS does, without a token', async (release, version) => {
    const sim = await simOf({ datahubVersion: release, token: 's3cret' });
    const res = await fetch(`${sim.url}/config`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      versions: { 'acryldata/datahub': { version } },
      datahub: { serverType: 'prod', serverEnv: 'core' },
      noCode: 'true',
      statefulIngestionCapable: true,
      patchCapable: true,
    });
    expect(sim.datahubVersion).toBe(release);
  });

  it('reports another version when told to, or none at all (404)', async () => {
    const older = await simOf({ reportedVersion: 'v0.15.0' });
    expect(await (await fetch(`${older.url}/config`)).json()).toMatchObject({
      versions: { 'acryldata/datahub': { version: 'v0.15.0' } },
    });
    const none = await simOf({ reportedVersion: null });
    expect((await fetch(`${none.url}/config`)).status).toBe(404);
  });
});

describe('DataHub v1.0.0', () => {
  it('has Incident.status but not incidentStatus, and no upsertLink', async () => {
    const sim = await simOf({ datahubVersion: '1.0.0' });
    const status = await gql(sim, '{ __type(name: "Incident") { fields { name } } }');
    const fields = (status.data!.__type as { fields: { name: string }[] }).fields.map((f) => f.name);
    expect(fields).toContain('status');
    expect(fields).not.toContain('incidentStatus');
    const upsert = await gql(
      sim,
      'mutation { upsertLink(input: {linkUrl: "https://x", label: "a", resourceUrn: "x"}) }',
    );
    expect(upsert.errors?.[0]?.message).toBe('Cannot query field "upsertLink" on type "Mutation".');
    const byLabel = await gql(
      sim,
      'mutation { removeLink(input: {linkUrl: "https://x", label: "a", resourceUrn: "x"}) }',
    );
    expect(byLabel.errors?.[0]?.message).toMatch(/Field "label" is not defined by type "RemoveLinkInput"/);
  });

  it('addLink leaves a link with the same URL as it is, whatever its label; removeLink removes by URL', async () => {
    const sim = await simOf({ datahubVersion: '1.0.0' });
    const add = 'mutation A($input: AddLinkInput!) { addLink(input: $input) }';
    const input = { linkUrl: 'https://janus.test/r', label: 'Janus report', resourceUrn: MODEL };
    expect((await gql(sim, add, { input })).data).toEqual({ addLink: true });
    expect((await gql(sim, add, { input: { ...input, label: 'another' } })).data).toEqual({ addLink: true });
    expect(links(sim).filter((l) => l.url === input.linkUrl)).toEqual([
      expect.objectContaining({ description: 'Janus report' }),
    ]);
    const remove = 'mutation R($input: RemoveLinkInput!) { removeLink(input: $input) }';
    expect((await gql(sim, remove, { input: { linkUrl: input.linkUrl, resourceUrn: MODEL } })).data).toEqual({
      removeLink: true,
    });
    expect(links(sim).filter((l) => l.url === input.linkUrl)).toEqual([]);
  });

  it("answers an incident's status under `status`", async () => {
    const sim = await simOf({ datahubVersion: '1.0.0' });
    const raised = await gql(
      sim,
      'mutation { raiseIncident(input: {type: OPERATIONAL, title: "t", resourceUrn: "' +
        DEMO.datasets.stgSessions +
        '"}) }',
    );
    const urn = raised.data!.raiseIncident as string;
    const read = await gql(
      sim,
      'query I($urn: String!) { entity(urn: $urn) { ... on Incident { status { state } } } }',
      {
        urn,
      },
    );
    expect(read.data).toEqual({ entity: { status: { state: 'ACTIVE' } } });
  });
});

describe('DataHub v1.3.0', () => {
  it('has incidentStatus and upsertLink, and an addLink that matches URL and label', async () => {
    const sim = await simOf({ datahubVersion: '1.3.0' });
    const add = 'mutation A($input: AddLinkInput!) { addLink(input: $input) }';
    const input = { linkUrl: 'https://janus.test/r', label: 'Janus report', resourceUrn: MODEL };
    await gql(sim, add, { input });
    await gql(sim, add, { input: { ...input, label: 'another' } });
    expect(links(sim).filter((l) => l.url === input.linkUrl)).toHaveLength(2);
    const upsert = await gql(sim, 'mutation U($input: UpsertLinkInput!) { upsertLink(input: $input) }', { input });
    expect(upsert.data).toEqual({ upsertLink: true });
  });
});
