import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '@janus/datahub-sim/demo';
import { judgeModel } from '../../src/app/judge-model.js';
import { judgePolicy } from '../../src/config/index.js';
import { judgeSchema } from '../../src/config/judge.js';
import { acceptancesOf } from '../../src/core/acceptance/stored.js';
import { openResolve, submitAccept, untilResolved, useIncidentBed } from './incident-bed.js';
import { callsOf, incidentOf, type Member } from './incident-slack.js';

/** Alice owns neither the leak's table (Carol, Data Platform) nor fraud_detector_v4 (Dev, Risk ML): admin by Slack id. */
const ALICE: Member = { id: 'U0ALICE01', name: 'Alice Chen', email: 'alice.chen@acmepay.example' };
const policy = judgePolicy(judgeSchema.parse({}));

const bed = useIncidentBed({ members: [ALICE], scan: true, env: { JANUS_SLACK_ADMINS: 'U0ALICE01' } });
let leak: string;
beforeAll(async () => {
  leak = await incidentOf(bed.client, DEMO.datasets.stgChargebacks, /^target_leakage:/);
});

describe("Resolve's Accept the risk by an admin listed by Slack id (Bolt, signed payloads, the simulator)", () => {
  it('accepts for 30 days on fraud_detector_v4, by her DataHub user, and resolves the incident', async () => {
    await submitAccept(bed, ALICE, await openResolve(bed, ALICE, leak, '1760003001.000100'), 'model retired next week');
    await untilResolved(bed, leak);
    const { graph } = await judgeModel({ client: bed.client, policy }, DEMO.modelNames.fraud);
    expect(acceptancesOf(graph.nodes[graph.model]!.structuredProperties)).toEqual([
      expect.objectContaining({ by: 'alice.chen', reason: 'model retired next week', source: 'datahub' }),
    ]);
    expect(callsOf(bed.slack, 'chat.postEphemeral').filter((m) => /may act/.test(String(m.text)))).toEqual([]);
  });
});
