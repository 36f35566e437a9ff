import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MemoryVerdictHistory } from '../../src/history/index.js';
import type { explainOutput, verdictOutput } from '../../src/mcp/schemas.js';
import { DEMO } from '@janus/datahub-sim/demo';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { call, connect, depsFor, textOf, TOOL_NAMES } from './harness.js';
import { demoScore, demoScoreLine, demoVerdict, demoVerdicts } from '../support/demo-verdicts.js';

let sim: RunningSim;
let client: Client;
let history: MemoryVerdictHistory;
beforeAll(async () => {
  sim = await startSim({ demo: true, port: 0 });
  history = new MemoryVerdictHistory();
  client = await connect(depsFor(sim.url, { history }));
});
afterAll(async () => {
  await client.close();
  await sim.close();
});

const L = DEMO.leakage;

describe('the Janus MCP server', () => {
  it('lists its seven tools, each with an input and an output schema', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(TOOL_NAMES);
    for (const t of tools) {
      expect(t.inputSchema.type).toBe('object');
      expect(t.outputSchema?.type).toBe('object');
      expect(t.description?.length).toBeGreaterThan(40);
    }
    const trust = tools.find((t) => t.name === 'trust_model')!;
    expect(trust.inputSchema.required).toEqual(['model']);
    expect(Object.keys(trust.outputSchema!.properties!)).toEqual(
      expect.arrayContaining(['score', 'band', 'findings', 'blastRadius', 'summary']),
    );
    expect(tools.find((t) => t.name === 'scan_model')!.annotations?.readOnlyHint).toBe(false);
    expect(tools.find((t) => t.name === 'trust_model')!.annotations?.readOnlyHint).toBe(true);
  });

  it('says nothing is at risk before any scan, and why', async () => {
    const r = await call(client, 'list_at_risk_models', {});
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent).toEqual({
      models: [],
      total: 0,
      source: 'memory',
      note: 'no scans recorded yet; run janus scan with Redis configured (REDIS_URL), or ask trust_model about a model',
    });
    expect(textOf(r)).toContain('no scans recorded yet; run janus scan with Redis configured');
  });

  it('trust_model: fraud_detector_v4 at risk, with the leak, its chain and Argos', async () => {
    const r = await call(client, 'trust_model', { model: DEMO.modelNames.fraud });
    expect(r.isError).toBeFalsy();
    const v = r.structuredContent as z.infer<typeof verdictOutput>;
    expect(v.model).toEqual({ urn: DEMO.models.fraud, name: 'fraud_detector_v4' });
    expect([v.score, v.band]).toEqual([demoScore('fraud'), demoVerdict('fraud').band]);
    expect(v.findings.map((f) => f.key)).toEqual(demoVerdict('fraud').findings.map((f) => f.key));
    const leak = v.findings.find((f) => f.detector === 'target_leakage')!;
    expect(leak.evidence.feature).toBe(L.feature);
    expect(leak.evidence.chains).toEqual([[...L.featureChain.slice(0, 3), L.labelChain[1], L.labelChain[0]]]);
    expect(v.capped?.severity).toBe('critical');
    expect(v.blastRadius).toEqual([]); // a leak hurts the model that reads its own label, not the shared column's other readers
    expect(v.summary[0]).toBe(`${demoScoreLine('fraud')}. At risk, held down by a critical finding.`);
    expect(textOf(r)).toContain('Feature days_to_chargeback can see the answer');
    expect(textOf(r)).toContain(leak.key);
  });

  it('trust_model: a failed job reaches every model downstream of what it produces (the blast radius)', async () => {
    const r = await call(client, 'trust_model', { model: DEMO.modelNames.sessionIntent });
    const v = r.structuredContent as {
      blastRadius: { dataset: string; modelCount: number; modelSet: string }[];
      modelSets: Record<string, { name: string }[]>;
    };
    expect(v.blastRadius.map((b) => b.dataset)).toEqual([DEMO.datasets.stgSessions]);
    const models = v.modelSets[v.blastRadius[0]!.modelSet]!;
    expect(models.map((m) => m.name)).toContain('session_intent_v1');
    expect(v.blastRadius[0]!.modelCount).toBe(models.length);
  });

  it('trust_model judges every demo model as the demo catalog plants it, by urn', async () => {
    for (const { urn, score, band } of demoVerdicts()) {
      const r = await call(client, 'trust_model', { model: urn });
      const v = r.structuredContent as { score: number; band: string };
      expect([urn, v.score, v.band]).toEqual([urn, score, band]);
    }
  });

  it('list_at_risk_models: after those scans, every model not trusted, lowest score first', async () => {
    const r = await call(client, 'list_at_risk_models', {});
    const out = r.structuredContent as {
      models: { name: string; score: number; band: string; findings: string[] }[];
      total: number;
      source: string;
    };
    const lowestFirst = (band: (b: string) => boolean) =>
      demoVerdicts()
        .filter((v) => band(v.band))
        .sort((a, b) => a.score - b.score);
    const notTrusted = lowestFirst((b) => b !== 'trusted');
    expect(out.models.map((m) => [m.name, m.score, m.band])).toEqual(notTrusted.map((v) => [v.name, v.score, v.band]));
    expect(out.total).toBe(notTrusted.length);
    expect(out.models.find((m) => m.name === 'fraud_detector_v4')!.findings).toContainEqual(
      expect.stringMatching(/^target_leakage:/),
    );
    const trusted = await call(client, 'list_at_risk_models', { band: 'trusted', limit: 1 });
    const [first, ...rest] = lowestFirst((b) => b === 'trusted');
    expect(trusted.structuredContent).toMatchObject({
      total: rest.length + 1,
      models: [{ name: first!.name, score: first!.score }],
    });
    expect(textOf(r)).toContain('session_intent_v1');
  });

  it('score_history: the recorded scans of a model, newest first, by name or urn', async () => {
    await call(client, 'trust_model', { model: DEMO.modelNames.fraud });
    const r = await call(client, 'score_history', { model: DEMO.modelNames.fraud });
    const out = r.structuredContent as {
      model: { urn: string };
      entries: { scannedAt: string; score: number; band: string }[];
    };
    expect(out.model.urn).toBe(DEMO.models.fraud);
    expect(out.entries.length).toBe(3);
    expect(out.entries.every((e) => e.score === demoScore('fraud') && e.band === demoVerdict('fraud').band)).toBe(true);
    expect([...out.entries].sort((a, b) => b.scannedAt.localeCompare(a.scannedAt))).toEqual(out.entries);
    const byUrn = await call(client, 'score_history', { model: DEMO.models.fraud, limit: 1 });
    expect((byUrn.structuredContent as { entries: unknown[] }).entries).toHaveLength(1);
  });

  it('explain_finding: the leak in depth, with its chain, its path to the model and what to do', async () => {
    const r = await call(client, 'explain_finding', { model: DEMO.modelNames.fraud, key: 'target_leakage' });
    expect(r.isError).toBeFalsy();
    const x = r.structuredContent as z.infer<typeof explainOutput>;
    expect(x.detector).toBe('target_leakage');
    expect(x.entity).toEqual({ urn: DEMO.datasets.stgChargebacks, name: 'stg_chargebacks' });
    expect(x.chains[0]!.text).toBe(
      'txn_features.days_to_chargeback → fct_transactions.days_to_chargeback → stg_chargebacks.chargeback_at → fct_transactions.is_fraud → fraud_training_set.is_fraud',
    );
    expect(x.lineage?.urns[0]).toBe(DEMO.datasets.stgChargebacks);
    expect(x.lineage?.urns.at(-1)).toBe(DEMO.models.fraud);
    expect(x.blastRadius).toEqual([]);
    expect(x.advice[0]).toContain('Drop feature days_to_chargeback');
    expect(x.advice[1]).toContain('shared ancestor stg_chargebacks.chargeback_at');
    expect(textOf(r)).toContain('What to do:');
  });

  it('explain_finding: a failed job names the job and the run; a stale table names its SLA source', async () => {
    const failed = await call(client, 'explain_finding', {
      model: DEMO.modelNames.sessionIntent,
      key: 'upstream_failure',
    });
    const f = failed.structuredContent as {
      advice: string[];
      blastRadius: { name: string }[];
      lineage: { text: string };
    };
    expect(f.blastRadius.map((m) => m.name)).toContain('session_intent_v1');
    expect(f.lineage.text).toMatch(/^stg_sessions → .* → session_intent_v1$/);
    expect(f.advice[0]).toMatch(
      /^Open run \S+ of job build_stg_sessions \(failed .*\): fix the cause and re-run it\.$/,
    );
    const stale = await call(client, 'explain_finding', {
      model: DEMO.modelNames.campaignUplift,
      key: 'freshness_lag',
    });
    const s = stale.structuredContent as { advice: string[]; entity: { name: string } };
    expect(s.entity.name).toBe('campaign_touches');
    expect(s.advice.join(' ')).toContain("6h SLA comes from the dataset's freshness_sla property");
    const owner = await call(client, 'explain_finding', {
      model: DEMO.modelNames.campaignUplift,
      key: 'missing_owner',
    });
    expect((owner.structuredContent as { advice: string[] }).advice[0]).toBe(
      'Claim uplift_training_set: add an owner in DataHub, a person or team still here, who answers when it breaks.',
    );
  });

  it('blast_radius: the models downstream of stg_chargebacks', async () => {
    const r = await call(client, 'blast_radius', { dataset: DEMO.datasets.stgChargebacks });
    const out = r.structuredContent as { dataset: { name: string }; models: { urn: string; name: string }[] };
    expect(out.dataset.name).toBe('stg_chargebacks');
    expect(out.models).toContainEqual({ urn: DEMO.models.fraud, name: 'fraud_detector_v4' });
    expect(out.models.map((m) => m.name)).not.toContain('session_intent_v1');
    expect(textOf(r)).toMatch(/^\d+ models read from stg_chargebacks:/);
  });
});
