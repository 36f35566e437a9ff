import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '@janus/datahub-sim/demo';
import { judgePolicy } from '../../src/config/index.js';
import { judgeSchema } from '../../src/config/judge.js';
import { acceptancesOf } from '../../src/core/acceptance/stored.js';
import { judgeModel } from '../../src/app/judge-model.js';
import { eventually } from '../support/service.js';
import { openResolve, submitAccept, untilResolved, useIncidentBed } from './incident-bed.js';
import { CAROL, callsOf, ERIN, incidentOf, SESSIONS_KEY } from './incident-slack.js';

const policy = judgePolicy(judgeSchema.parse({}));

const bed = useIncidentBed({ members: [ERIN, CAROL], scan: true });
let failed: string;
beforeAll(async () => {
  failed = await incidentOf(bed.client, DEMO.datasets.stgSessions, SESSIONS_KEY);
});

/** What session_intent_v1 (below stg_sessions) holds, what stg_sessions holds, and its verdict, read from DataHub. */
async function stored() {
  const { graph, verdict } = await judgeModel({ client: bed.client, policy }, DEMO.modelNames.sessionIntent);
  return {
    onModel: acceptancesOf(graph.nodes[graph.model]!.structuredProperties),
    onDataset: acceptancesOf(graph.nodes[DEMO.datasets.stgSessions]!.structuredProperties, DEMO.datasets.stgSessions),
    verdict,
  };
}

describe("Accept the risk on a dataset's finding (Bolt, signed payloads, the simulator)", () => {
  it('a stranger is refused and nothing is written; the owner accepts once, on the dataset, not on the models', async () => {
    // carol owns neither stg_sessions nor a model below it: her submission of the form is refused
    await submitAccept(bed, CAROL, await openResolve(bed, ERIN, failed, '1760003001.000100'), 'fine by me');
    await eventually(
      () => callsOf(bed.slack, 'chat.postEphemeral').some((m) => m.user === CAROL.id && /may act/.test(m.text)),
      'the refusal',
    );
    expect((await stored()).onDataset).toEqual([]);

    const upserts = () => bed.sim.stats().byRootField.upsertStructuredProperties ?? 0;
    const before = upserts();
    await submitAccept(
      bed,
      ERIN,
      await openResolve(bed, ERIN, failed, '1760003002.000100'),
      'job rerun scheduled tonight',
    );
    await untilResolved(bed, failed);
    const { onModel, onDataset, verdict } = await stored();
    expect(onModel).toEqual([]);
    expect(onDataset).toEqual([
      expect.objectContaining({
        key: SESSIONS_KEY,
        by: 'erin.walsh',
        reason: 'job rerun scheduled tonight',
        on: DEMO.datasets.stgSessions,
      }),
    ]);
    expect(upserts() - before).toBe(1);
    expect(verdict.findings.map((f) => f.key)).not.toContain(SESSIONS_KEY);
    expect(verdict.accepted?.map((a) => a.acceptance.by)).toEqual(['erin.walsh']);
  });
});
