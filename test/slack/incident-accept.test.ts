import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '@janus/datahub-sim/demo';
import { judgePolicy } from '../../src/config/index.js';
import { judgeSchema } from '../../src/config/judge.js';
import { acceptancesOf } from '../../src/core/acceptance/stored.js';
import { readIncidentFacts } from '../../src/datahub/incident-facts.js';
import { judgeModel } from '../../src/app/judge-model.js';
import { eventually } from '../support/service.js';
import { SECRET } from './harness.js';
import { sendSlashCommand } from './slash-command.js';
import { openResolve, submitAccept, submitResolve, untilResolved, useIncidentBed } from './incident-bed.js';
import { CAROL, callsOf, ERIN, incidentOf, type Json } from './incident-slack.js';

const policy = judgePolicy(judgeSchema.parse({}));
const DAY = 86_400_000;

const bed = useIncidentBed({ members: [ERIN, CAROL], scan: true });
let leak: string;
beforeAll(async () => {
  leak = await incidentOf(bed.client, DEMO.datasets.stgChargebacks, /^target_leakage:/);
});

/** The acceptances fraud_detector_v4 holds in DataHub (its structured property). */
async function storedAcceptances() {
  const { graph } = await judgeModel({ client: bed.client, policy }, DEMO.modelNames.fraud);
  return acceptancesOf(graph.nodes[graph.model]?.structuredProperties ?? {});
}

describe("Resolve's Accept the risk (Bolt, signed payloads, the simulator)", () => {
  it('offers Accept the risk with 7/30/90 days; a stranger is refused, nothing written', async () => {
    const view = await openResolve(bed, CAROL, leak, '1760002001.000100');
    const text = JSON.stringify(view.blocks);
    expect(text).toContain('Accept the risk');
    expect(text).not.toContain('No action required');
    const duration = (view.blocks as Json[]).find((b) => b.block_id === 'duration')!;
    expect(duration.element.options.map((o: Json) => o.value)).toEqual(['7', '30', '90']);
    // no duration: the modal shows the error, nothing runs
    const missing = await submitResolve(bed, CAROL, view, { stage: 'NO_ACTION_REQUIRED', note: 'x' });
    expect(await missing.json()).toMatchObject({ response_action: 'errors', errors: { duration: expect.any(String) } });

    // erin owns neither the leak's table nor fraud_detector_v4: her submission of the form is refused
    await submitAccept(bed, ERIN, view, 'looks fine to me');
    await eventually(
      () => callsOf(bed.slack, 'chat.postEphemeral').some((m) => m.user === ERIN.id && /may act/.test(m.text)),
      'the refusal',
    );
    expect(await storedAcceptances()).toEqual([]);
    expect((await readIncidentFacts(bed.client, leak))!.status.state).toBe('ACTIVE');
  });

  it('the owner accepts for 7 days: stored on the model, the incident resolved NO_ACTION_REQUIRED with the reason, /janus trust says so', async () => {
    const view = await openResolve(bed, CAROL, leak, '1760002002.000100');
    const started = Date.now();
    await submitAccept(bed, CAROL, view, 'backfill running', '7');
    await untilResolved(bed, leak);
    expect((await readIncidentFacts(bed.client, leak))!.status).toMatchObject({
      stage: 'NO_ACTION_REQUIRED',
      message: expect.stringContaining('backfill running'),
    });
    const [accepted] = await storedAcceptances();
    expect(accepted).toMatchObject({ by: 'carol.diaz', reason: 'backfill running', source: 'datahub' });
    expect(accepted!.key).toMatch(/^target_leakage:/);
    const lasts = Date.parse(accepted!.until) - started;
    expect(lasts).toBeGreaterThan(7 * DAY - 60_000);
    expect(lasts).toBeLessThanOrEqual(7 * DAY + 60_000);

    const { id, url } = bed.slack.responseUrl();
    const res = await sendSlashCommand(bed.janus.endpoint, {
      text: `trust ${DEMO.modelNames.fraud}`,
      responseUrl: url,
      secret: SECRET,
      user: CAROL.id,
    });
    expect(res.status).toBe(200);
    const reply = (await bed.slack.posted(id)) as Json;
    expect(JSON.stringify(reply)).toContain('1 finding accepted by carol.diaz until');
    expect(JSON.stringify(reply)).toContain("'backfill running'");
  });
});
