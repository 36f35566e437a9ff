import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { MemoryVerdictHistory, type VerdictHistory } from '../../src/history/index.js';
import { WRITES_DISABLED } from '../../src/mcp/tools/scan-model.js';
import { DEMO } from '@janus/datahub-sim/demo';
import { call, demoFixture, textOf } from './harness.js';
import { demoScore, demoVerdict } from '../support/demo-verdicts.js';

const demo = demoFixture();
const client = demo.client;

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const s = net.createServer().listen(0, '127.0.0.1');
  await new Promise((r) => s.once('listening', r));
  const { port } = s.address() as net.AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

describe('tool errors come back as MCP error results', () => {
  it('an ambiguous name lists the candidates with their urns', async () => {
    const r = await call(await client(demo.sim.url), 'trust_model', { model: 'v2' });
    expect(r.isError).toBe(true);
    expect(r.structuredContent).toBeUndefined();
    expect(textOf(r)).toContain('"v2" matches 2 models; name one by urn');
    expect(textOf(r)).toContain(`churn_predictor_v2  ${DEMO.models.churn}`);
    expect(textOf(r)).toContain(`customer_ltv_v2  ${DEMO.models.customerLtv}`);
  });

  it('an unknown name says so and offers the closest names', async () => {
    const r = await call(await client(demo.sim.url), 'trust_model', { model: 'fraud_detektor_v4' });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(/^no model named "fraud_detektor_v4" in DataHub; closest: fraud_detector_v4/);
  });

  it('DataHub unreachable is an error result, and the server answers the next call', async () => {
    const history = new MemoryVerdictHistory();
    const c = await client(`http://127.0.0.1:${await closedPort()}`, { history });
    for (const [tool, args] of [
      ['trust_model', { model: DEMO.modelNames.fraud }],
      ['explain_finding', { model: DEMO.models.fraud, key: 'target_leakage' }],
      ['blast_radius', { dataset: DEMO.datasets.stgChargebacks }],
    ] as const) {
      const r = await call(c, tool, args);
      expect([tool, r.isError]).toEqual([tool, true]);
      // the first thing a client asks DataHub is its version (GET /config)
      expect(textOf(r)).toMatch(/^DataHub is unreachable \(GET \/config\): /);
    }
    expect((await c.listTools()).tools).toHaveLength(7);
    const next = await call(c, 'list_at_risk_models', {});
    expect(next.isError).toBeFalsy();
    expect(next.structuredContent).toMatchObject({ models: [], total: 0 });
  });

  it('score_history answers from the history alone when DataHub is down', async () => {
    const history = new MemoryVerdictHistory();
    const live = await client(demo.sim.url, { history });
    await call(live, 'trust_model', { model: DEMO.modelNames.churn });
    const offline = await client(`http://127.0.0.1:${await closedPort()}`, { history });
    const r = await call(offline, 'score_history', { model: DEMO.modelNames.churn });
    expect(r.structuredContent).toMatchObject({
      model: { urn: DEMO.models.churn, name: 'churn_predictor_v2' },
      entries: [{ score: demoScore('churn'), band: demoVerdict('churn').band }],
    });
    const unknown = await call(offline, 'score_history', { model: 'never_scanned' });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toContain('DataHub is unreachable');
  });

  it('score_history of a model never scanned says so, without failing', async () => {
    const history = new MemoryVerdictHistory();
    const c = await client(demo.sim.url, { history });
    const empty = await call(c, 'score_history', { model: DEMO.modelNames.churn });
    expect(empty.structuredContent).toMatchObject({
      entries: [],
      note: 'no scans recorded yet; run janus scan with Redis configured (REDIS_URL), or ask trust_model about a model',
    });
    await call(c, 'trust_model', { model: DEMO.modelNames.fraud });
    const other = await call(c, 'score_history', { model: DEMO.modelNames.churn });
    expect(other.structuredContent).toMatchObject({
      entries: [],
      note: 'no scans recorded for churn_predictor_v2 yet',
    });
  });

  it('explain_finding with a key the model does not have lists the keys it does have', async () => {
    const c = await client(demo.sim.url);
    const r = await call(c, 'explain_finding', { model: DEMO.modelNames.campaignUplift, key: 'target_leakage' });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toContain('campaign_uplift_v1 has no finding "target_leakage"; its finding keys:');
    expect(textOf(r)).toContain(`freshness_lag:${DEMO.freshness.pastSla}`);
    const clean = await call(c, 'explain_finding', { model: DEMO.modelNames.customerLtv, key: 'anything' });
    expect(textOf(clean)).toBe('customer_ltv_v2 has no findings (score 100, trusted); nothing to explain');
  });

  it('arguments that break the input schema are error results', async () => {
    const c = await client(demo.sim.url);
    const badDataset = await call(c, 'blast_radius', { dataset: 'stg_chargebacks' });
    expect(badDataset.isError).toBe(true);
    expect(textOf(badDataset)).toContain('expected a dataset urn');
    const badLimit = await call(c, 'list_at_risk_models', { limit: 0 });
    expect(badLimit.isError).toBe(true);
    const missing = await call(c, 'trust_model', {});
    expect(missing.isError).toBe(true);
  });

  it('a scan history that cannot be written does not cost the caller the verdict', async () => {
    const broken: VerdictHistory = {
      kind: 'redis',
      record: () => Promise.reject(new Error('Redis is down')),
      history: () => Promise.reject(new Error('Redis is down')),
      latest: () => Promise.reject(new Error('Redis is down')),
      latestVerdict: () => Promise.reject(new Error('Redis is down')),
      close: async () => {},
    };
    const c = await client(demo.sim.url, { history: broken });
    const r = await call(c, 'trust_model', { model: DEMO.modelNames.fraud });
    expect(r.structuredContent).toMatchObject({ score: demoScore('fraud'), band: demoVerdict('fraud').band });
    const list = await call(c, 'list_at_risk_models', {});
    expect(list.isError).toBe(true);
    expect(textOf(list)).toBe('list_at_risk_models failed: Redis is down');
  });
});

describe('model_incidents', () => {
  const t0 = Date.UTC(2026, 10, 1);
  const incident = (state: 'ACTIVE' | 'RESOLVED', minutes: number) => ({
    urn: `urn:li:incident:${state}-${minutes}`,
    key: `upstream_failure:${DEMO.jobs.buildStgSessions}`,
    dataset: DEMO.datasets.stgSessions,
    title: 'build_stg_sessions failed',
    state,
    stage: state === 'ACTIVE' ? 'TRIAGE' : 'FIXED',
    priority: 'HIGH',
    createdAt: t0 + minutes * 60_000,
  });

  it('lists the incidents, active first, with state, stage and the dataset by name', async () => {
    const asked: string[] = [];
    const c = await client(demo.sim.url, {
      incidents: async (ref) => (asked.push(ref), [incident('RESOLVED', 5), incident('ACTIVE', 1)]),
    });
    const r = await call(c, 'model_incidents', { model: DEMO.modelNames.sessionIntent });
    expect(asked).toEqual(['session_intent_v1']);
    expect(r.structuredContent).toEqual({
      model: 'session_intent_v1',
      active: 1,
      incidents: [
        {
          ...incident('ACTIVE', 1),
          dataset: { urn: DEMO.datasets.stgSessions, name: 'stg_sessions' },
          createdAt: '2026-11-01T00:01:00.000Z',
        },
        {
          ...incident('RESOLVED', 5),
          dataset: { urn: DEMO.datasets.stgSessions, name: 'stg_sessions' },
          createdAt: '2026-11-01T00:05:00.000Z',
        },
      ],
    });
    expect(textOf(r)).toContain('1 active of 2 Janus incidents touching session_intent_v1');
  });

  it('a failing incident reader is an error result', async () => {
    const c = await client(demo.sim.url, { incidents: () => Promise.reject(new Error('incident search broke')) });
    const r = await call(c, 'model_incidents', { model: DEMO.modelNames.fraud });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toBe('model_incidents failed: incident search broke');
  });
});

describe('scan_model', () => {
  it('is refused while writes are disabled (the default), and writes nothing', async () => {
    let wrote = 0;
    const c = await client(demo.sim.url, {
      writeBack: async () => (wrote++, { verdicts: [], judged: [], graphs: [], plan: [], applied: [], failed: [] }),
    });
    const r = await call(c, 'scan_model', { model: DEMO.modelNames.fraud });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toBe(WRITES_DISABLED);
    expect(textOf(r)).toContain('JANUS_MCP_ALLOW_WRITES=true');
    expect(wrote).toBe(0);
  });
});
