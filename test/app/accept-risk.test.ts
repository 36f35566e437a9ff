import { describe, expect, it } from 'vitest';
import { DEMO } from '@janus/datahub-sim/demo';
import { acceptRisk, NotAllowedToAccept } from '../../src/app/accept-risk.js';
import { judgeModel } from '../../src/app/judge-model.js';
import { listAccepted } from '../../src/app/list-accepted.js';
import { acceptancesOf } from '../../src/core/acceptance/stored.js';
import { createDataHubClient } from '../../src/datahub/client.js';
import { verdictText } from '../../src/render/text.js';
import { demoFindingKeys, demoVerdict } from '../support/demo-verdicts.js';
import { policy } from './write-back-helpers.js';
import { useDemoSimWithWriters } from '../support/writer-sim.js';

// dev.patel owns fraud_detector_v4 in the demo catalog, carol.diaz the leak's table; mallory owns nothing
const demo = useDemoSimWithWriters({ dev: 'dev.patel', mallory: 'mallory' });
const as = (token: string) => createDataHubClient({ url: demo.sim.url, token });

const fraud = DEMO.modelNames.fraud;
const [LEAK] = demoFindingKeys('fraud');
const DAY = 86_400_000;
const deps = (token: string, admins: string[] = []) => ({ client: as(token), policy, admins });

describe('janus accept: an acceptance stored in DataHub, honoured wherever the model is judged', () => {
  it('a stranger cannot accept: refused, naming who may, and nothing is written', async () => {
    const refused = acceptRisk(deps('mallory'), fraud, { finding: 'target_leakage', reason: 'looks fine' });
    await expect(refused).rejects.toThrow(NotAllowedToAccept);
    await expect(refused).rejects.toThrow(
      /mallory may not accept risks on fraud_detector_v4: only its owners .*Dev Patel/,
    );
    const { graph } = await judgeModel({ client: as('dev'), policy }, fraud);
    expect(acceptancesOf(graph.nodes[graph.model]!.structuredProperties)).toEqual([]);
  });

  it('refuses an acceptance without a reason, or past the maximum', async () => {
    await expect(acceptRisk(deps('dev'), fraud, { finding: 'target_leakage', reason: ' ' })).rejects.toThrow(
      'reason is required',
    );
    await expect(acceptRisk(deps('dev'), fraud, { finding: 'target_leakage', reason: 'x', days: 91 })).rejects.toThrow(
      'past the maximum of 90',
    );
  });

  it("an owner accepts the demo's leak: every later judgment scores 100, trusted, with who, why and until", async () => {
    const { acceptance } = await acceptRisk(deps('dev'), fraud, {
      finding: 'target_leakage',
      reason: 'backfill running',
    });
    expect(acceptance).toMatchObject({ key: LEAK, by: 'dev.patel', reason: 'backfill running', source: 'datahub' });
    expect(Date.parse(acceptance.until) - Date.parse(acceptance.at!)).toBe(30 * DAY);
    // another process, another token: judged from DataHub alone
    const { verdict } = await judgeModel({ client: as('mallory'), policy }, fraud);
    expect(verdict).toMatchObject({ score: 100, band: 'trusted', findings: [] });
    expect(verdictText(verdict)).toContain('1 finding accepted by dev.patel until ');
    expect(await listAccepted({ client: as('mallory'), policy }, [fraud])).toEqual([
      { model: fraud, acceptance, status: 'active', finding: expect.objectContaining({ key: LEAK }) },
    ]);
    // past its end: the leak counts again, listed as lapsed
    const later = { ...policy, asOf: Date.parse(acceptance.until) + 1 };
    const { verdict: after } = await judgeModel({ client: as('mallory'), policy: later }, fraud);
    expect(after.band).toBe('at_risk');
    expect(after.findings.map((f) => f.key)).toContain(LEAK);
    expect((await listAccepted({ client: as('mallory'), policy: later }, [fraud]))[0]).toMatchObject({
      status: 'lapsed',
      lapse: `expired on ${acceptance.until.slice(0, 10)}`,
    });
  });

  it('an admin who owns nothing may accept too; the newer acceptance of a key replaces the older, kept on record', async () => {
    await acceptRisk(deps('mallory', ['urn:li:corpuser:mallory']), fraud, {
      finding: LEAK!,
      reason: 'retraining next sprint',
      until: new Date(Date.now() + 10 * DAY).toISOString().slice(0, 10),
    });
    const { graph, verdict } = await judgeModel({ client: as('dev'), policy }, fraud);
    const stored = acceptancesOf(graph.nodes[graph.model]!.structuredProperties);
    expect(stored.map((a) => [a.by, a.reason, a.replaced?.by])).toEqual([
      ['dev.patel', 'backfill running', 'mallory'],
      ['mallory', 'retraining next sprint', undefined],
    ]);
    expect(verdict).toMatchObject({ score: 100, band: 'trusted' });
    expect(demoVerdict('fraud').band).toBe('at_risk');
  });
});
