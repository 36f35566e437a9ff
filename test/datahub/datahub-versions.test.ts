import { parse, validate } from 'graphql';
import { afterEach, describe, expect, it } from 'vitest';
import { judgeModel } from '../../src/app/judge-model.js';
import { writeBackModels } from '../../src/app/write-back.js';
import { exitFor } from '../../src/cli/exit-code.js';
import { judgePolicy } from '../../src/config/index.js';
import { judgeSchema } from '../../src/config/judge.js';
import { REPORT_LINK_LABEL } from '../../src/core/writeback/conventions.js';
import { createDataHubClient } from '../../src/datahub/client.js';
import { DataHubError } from '../../src/datahub/errors.js';
import { readIncidentFacts } from '../../src/datahub/incident-facts.js';
import { findModels } from '../../src/datahub/queries/search-models.js';
import { sentDocuments } from '../../src/datahub/version/sent-documents.js';
import type { ApiGeneration } from '../../src/datahub/version/api-generation.js';
import { createLogger } from '../../src/log.js';
import { DEMO } from '@janus/datahub-sim/demo';
import { simSchema } from '@janus/datahub-sim/in-process';
import { startSim, type DataHubRelease, type RunningSim, type SimOptions } from '@janus/datahub-sim';

// Issue 35: DataHub as it really is, release by release. Janus asks GMS its version (GET /config) and speaks each
// release's API: before v1.3.0 an incident's status is `status`, links are added with addLink and removed by URL.
const policy = judgePolicy(judgeSchema.parse({}));
const sims: RunningSim[] = [];
afterEach(async () => {
  await Promise.all(sims.splice(0).map((s) => s.close()));
});
const simOf = async (opts: SimOptions) => {
  const sim = await startSim({ demo: true, port: 0, ...opts });
  sims.push(sim);
  return sim;
};
const clientOf = (sim: RunningSim, lines?: string[]) =>
  createDataHubClient({
    url: sim.url,
    retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 2 },
    ...(lines
      ? { logger: createLogger({ format: 'json', destination: { write: (l: string) => lines.push(l) } }) }
      : {}),
  });

const OLDER: DataHubRelease[] = ['1.0.0', '1.3.0'];

describe.each(OLDER)('Janus on DataHub %s', (release) => {
  it('scans the whole catalog: every write lands, links and incidents as this release has them, and a second scan writes nothing', async () => {
    const sim = await simOf({ datahubVersion: release });
    const client = clientOf(sim);
    const deps = { client, policy, reportBaseUrl: 'http://janus.test' };
    const first = await writeBackModels(deps, 'all', { keepVerdicts: false });
    expect(first.failed).toEqual([]);
    const kinds = new Set(first.applied.map((a) => a.kind));
    expect(kinds).toContain('raiseIncident');
    expect(kinds).toContain('upsertLink');
    const memory = sim.store.aspect<{ elements: { url: string; description: string }[] }>(
      DEMO.models.fraud,
      'institutionalMemory',
    );
    expect(memory?.elements).toContainEqual(
      expect.objectContaining({ url: expect.stringContaining('http://janus.test/'), description: REPORT_LINK_LABEL }),
    );
    // read back through this release's API: the incident's status as Janus raised it
    const raised = first.applied.find((a) => a.kind === 'raiseIncident');
    const incidents = [...sim.store.all('incident')];
    expect(raised && incidents.length).toBeGreaterThan(0);
    expect((await readIncidentFacts(client, incidents[0]!.urn))?.status.state).toBe('ACTIVE');

    const second = await writeBackModels(deps, 'all', { keepVerdicts: false });
    expect(second.failed).toEqual([]);
    expect(second.plan).toEqual([]);
  });

  it('judges every model as it does on the current DataHub (janus trust, the gate)', async () => {
    const [old, current] = await Promise.all([simOf({ datahubVersion: release }), simOf({})]);
    const [onOld, onCurrent] = [clientOf(old), clientOf(current)];
    const models = await findModels(onCurrent, '*', 50);
    expect(models.length).toBeGreaterThan(3);
    for (const m of models) {
      const [a, b] = await Promise.all([
        judgeModel({ client: onOld, policy }, m.urn),
        judgeModel({ client: onCurrent, policy }, m.urn),
      ]);
      const shape = (v: typeof a.verdict) => ({ score: v.score, band: v.band, findings: v.findings.map((f) => f.key) });
      expect(shape(a.verdict)).toEqual(shape(b.verdict));
    }
  });
});

describe('the DataHub release Janus talks to', () => {
  it('stops on a DataHub older than v1.0.0: one line naming the version found and the oldest supported, exit 3, no GraphQL sent', async () => {
    const sim = await simOf({ reportedVersion: 'v0.15.0' });
    const err = await findModels(clientOf(sim), '*', 5).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(DataHubError);
    expect((err as DataHubError).code).toBe('datahub.unsupported');
    expect(exitFor(err)).toEqual({
      code: 3,
      message: 'DataHub v0.15.0 is older than Janus supports: DataHub v1.0.0 or later is needed',
    });
    expect(sim.stats().requests).toBe(0);
  });

  it('asks once per client, and keeps the answer', async () => {
    const sim = await simOf({ datahubVersion: '1.0.0' });
    const client = clientOf(sim);
    const [a, b] = await Promise.all([client.serverVersion(), client.serverVersion()]);
    expect(a).toBe(b);
    expect(a).toEqual({ reported: 'v1.0.0', cloud: false, api: 'v1.0' });
    expect(await clientOf(await simOf({ datahubVersion: '1.3.0' })).serverVersion()).toMatchObject({ api: 'v1.3' });
    expect(await clientOf(await simOf({})).serverVersion()).toMatchObject({ reported: 'v1.6.0', api: 'v1.3' });
  });

  it('takes a DataHub without GET /config (404) as a current one, and says so once', async () => {
    const sim = await simOf({ reportedVersion: null });
    const lines: string[] = [];
    const client = clientOf(sim, lines);
    expect((await findModels(client, '*', 5)).length).toBeGreaterThan(0);
    await findModels(client, '*', 5);
    expect(await client.serverVersion()).toEqual({ reported: null, cloud: false, api: 'v1.3' });
    const warnings = lines.filter((l) => l.includes('did not say its version'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('GET /config answered 404');
  });
});

describe('what Janus sends to each release', () => {
  const pairs: [DataHubRelease, ApiGeneration][] = [
    ['1.0.0', 'v1.0'],
    ['1.3.0', 'v1.3'],
    ['current', 'v1.3'],
  ];
  it.each(pairs)('every operation sent to DataHub %s (API %s) is valid against its schema', (release, api) => {
    const schema = simSchema(release);
    const invalid = [...sentDocuments(api)].flatMap(([name, doc]) =>
      validate(schema, parse(doc)).map((e) => `${name}: ${e.message}`),
    );
    expect(invalid).toEqual([]);
  });

  it('the current operations are not: DataHub v1.0.0 has no incidentStatus or upsertLink', () => {
    const schema = simSchema('1.0.0');
    const invalid = [...sentDocuments('v1.3')].filter(([, doc]) => validate(schema, parse(doc)).length > 0);
    expect(invalid.map(([name]) => name)).toEqual(
      expect.arrayContaining(['JanusEntities', 'JanusIncidentsStatus', 'JanusIncidentForAction', 'JanusUpsertLink']),
    );
  });
});
