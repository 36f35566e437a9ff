import { describe, expect, it } from 'vitest';
import type { WriteBackResult } from '../../src/app/write-back.js';
import { MemoryVerdictHistory } from '../../src/history/index.js';
import { DEMO } from '@janus/datahub-sim/demo';
import { startSim } from '@janus/datahub-sim';
import { call, demoFixture, depsFor, textOf } from './harness.js';
import { demoFindingKeys, demoScore, demoVerdict } from '../support/demo-verdicts.js';

const demo = demoFixture();
const client = demo.client;

describe('scan_model with writes allowed', () => {
  it('reports what the write-back applied and what failed, and records the verdict', async () => {
    const history = new MemoryVerdictHistory();
    const asked: string[][] = [];
    const judged = await (
      await client(demo.sim.url)
    ).callTool({ name: 'trust_model', arguments: { model: DEMO.modelNames.sessionIntent } });
    const verdictJsonShape = judged.structuredContent as { model: { urn: string; name: string }; scannedAt: string };
    const fake = async (models: string[]): Promise<WriteBackResult> => {
      asked.push(models);
      const { verdict } = await depsFor(demo.sim.url).judge(models[0]!);
      return {
        verdicts: [verdict],
        judged: [verdict],
        graphs: [],
        plan: [],
        applied: [{ kind: 'setTrust', target: verdict.model.urn }],
        failed: [{ kind: 'raiseIncident', target: DEMO.datasets.stgSessions, error: 'DataHub answered 500' }],
      };
    };
    const c = await client(demo.sim.url, { allowWrites: true, writeBack: fake, history });
    const r = await call(c, 'scan_model', { model: DEMO.modelNames.sessionIntent });
    expect(asked).toEqual([['session_intent_v1']]);
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent).toEqual({
      model: verdictJsonShape.model,
      score: demoScore('sessionIntent'),
      band: demoVerdict('sessionIntent').band,
      findings: demoFindingKeys('sessionIntent'),
      applied: [{ kind: 'setTrust', target: DEMO.models.sessionIntent }],
      failed: [{ kind: 'raiseIncident', target: DEMO.datasets.stgSessions, error: 'DataHub answered 500' }],
    });
    expect(textOf(r)).toContain('1 write failed; scan again to retry them.');
    expect((await history.history(DEMO.models.sessionIntent)).map((e) => e.score)).toEqual([
      demoScore('sessionIntent'),
    ]);
  });

  it('says once which privilege DataHub refused writes for, and that scanning again will not help without it', async () => {
    const refusal =
      'DataHub refused to tag at-risk models: the token lacks EDIT_ENTITY_TAGS (or EDIT_ENTITY) on ML models';
    const fake = async (models: string[]): Promise<WriteBackResult> => {
      const { verdict } = await depsFor(demo.sim.url).judge(models[0]!);
      const refused = { kind: 'addTag', target: verdict.model.urn, error: refusal, privilege: 'EDIT_ENTITY_TAGS' };
      return { verdicts: [verdict], judged: [verdict], graphs: [], plan: [], applied: [], failed: [refused, refused] };
    };
    const c = await client(demo.sim.url, { allowWrites: true, writeBack: fake, history: new MemoryVerdictHistory() });
    const r = await call(c, 'scan_model', { model: DEMO.modelNames.sessionIntent });
    expect(r.isError).toBeFalsy();
    expect((r.structuredContent as { failed: unknown[] }).failed).toContainEqual(
      expect.objectContaining({ privilege: 'EDIT_ENTITY_TAGS' }),
    );
    const text = textOf(r);
    expect(text.split('\n').filter((l) => l.includes('EDIT_ENTITY_TAGS'))).toEqual([
      `  REFUSED addTag (2 writes): ${refusal}`,
    ]);
    expect(text).toContain("2 writes failed; grant Janus's DataHub token the privileges named above, then scan again.");
  });

  it('writes the evidence into DataHub through the real write-back; a second scan finds nothing left to write', async () => {
    const own = await startSim({ demo: true, port: 0 });
    try {
      const c = await client(own.url, { allowWrites: true });
      const first = await call(c, 'scan_model', { model: DEMO.modelNames.sessionIntent });
      expect(first.isError, textOf(first)).toBeFalsy();
      const out = first.structuredContent as {
        score: number;
        applied: { kind: string; target: string }[];
        failed: unknown[];
      };
      expect(out.score).toBe(demoScore('sessionIntent'));
      expect(out.failed).toEqual([]);
      expect(out.applied).toContainEqual({ kind: 'raiseIncident', target: DEMO.datasets.stgSessions });
      expect(out.applied).toContainEqual({ kind: 'setTrust', target: DEMO.models.sessionIntent });
      const second = await call(c, 'scan_model', { model: DEMO.modelNames.sessionIntent });
      expect((second.structuredContent as { applied: unknown[] }).applied).toEqual([]);
    } finally {
      await own.close();
    }
  });

  it('model_incidents (the real reader) then lists the incident the scan raised, active', async () => {
    const own = await startSim({ demo: true, port: 0 });
    try {
      const c = await client(own.url, { allowWrites: true });
      const before = await call(c, 'model_incidents', { model: DEMO.modelNames.sessionIntent });
      expect(before.structuredContent).toEqual({ model: 'session_intent_v1', active: 0, incidents: [] });
      expect(textOf(before)).toBe('No Janus incident touches session_intent_v1.');
      await call(c, 'scan_model', { model: DEMO.modelNames.sessionIntent });
      const r = await call(c, 'model_incidents', { model: DEMO.modelNames.sessionIntent });
      expect(r.isError, textOf(r)).toBeFalsy();
      expect(r.structuredContent).toMatchObject({
        model: 'session_intent_v1',
        active: 1,
        incidents: [
          {
            key: `upstream_failure:${DEMO.jobs.buildStgSessions}`,
            dataset: { urn: DEMO.datasets.stgSessions, name: 'stg_sessions' },
            state: 'ACTIVE',
          },
        ],
      });
    } finally {
      await own.close();
    }
  });
});
