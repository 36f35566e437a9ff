import { describe, expect, it } from 'vitest';
import { DEMO } from '@janus/datahub-sim/demo';
import { acceptDatasetRisk } from '../../src/app/accept-dataset-risk.js';
import { acceptRisk } from '../../src/app/accept-risk.js';
import { IncrementalJudge } from '../../src/app/incremental-judge.js';
import { judgePolicy } from '../../src/config/index.js';
import { judgeSchema } from '../../src/config/judge.js';
import { createDataHubClient } from '../../src/datahub/client.js';
import { writeAcceptances } from '../../src/datahub/write-acceptances.js';
import { useDemoSimWithWriters } from '../support/writer-sim.js';

const policy = judgePolicy(judgeSchema.parse({}));
// carol.diaz owns the leak's table and the stale raw.marketing.campaign_touches
const demo = useDemoSimWithWriters({ 'tok-judge-3x': 'datahub', 'tok-carol-3x': 'carol.diaz' });

const LEAK = /^target_leakage:/;
const STALE = `freshness_lag:${DEMO.datasets.campaignTouches}`;

describe('the incremental judge and acceptances (no refresh: the change probe alone)', () => {
  it('judges a model again when an acceptance on it or on a dataset above it is made, removed or ends', async () => {
    const client = createDataHubClient({ url: demo.sim.url, token: 'tok-judge-3x' });
    const carol = createDataHubClient({ url: demo.sim.url, token: 'tok-carol-3x' });
    const judge = new IncrementalJudge({ client, policy }, { refreshMs: Number.POSITIVE_INFINITY });
    const t0 = Date.now();
    const names = (c: { judged: { model: { name: string } }[] }) => c.judged.map((j) => j.model.name).sort();
    const liveKeys = (c: { live: Map<string, unknown> }) => [...c.live.keys()];

    const first = await judge.cycle(t0);
    expect(first.full).toBe(true);
    expect(liveKeys(first)).toEqual(expect.arrayContaining([expect.stringMatching(LEAK), STALE]));
    expect(names(await judge.cycle(t0 + 1000))).toEqual([]);

    const deps = { client: carol, policy, admins: [], now: () => t0 };
    const leak = await acceptRisk(deps, DEMO.modelNames.fraud, {
      finding: 'target_leakage',
      reason: 'backfill running',
      until: new Date(t0 + 60_000).toISOString(),
    });
    await acceptDatasetRisk(
      deps,
      { urn: DEMO.datasets.campaignTouches, name: 'campaign_touches', kind: 'dataset' },
      { finding: 'freshness_lag', reason: 'export paused', days: 7 },
    );
    const accepted = await judge.cycle(t0 + 2000);
    expect(accepted.full).toBe(false);
    expect(names(accepted)).toEqual([DEMO.modelNames.campaignUplift, DEMO.modelNames.fraud].sort());
    expect([...accepted.accepted.keys()].sort()).toEqual([leak.acceptance.key, STALE].sort());
    expect(liveKeys(accepted)).not.toContain(STALE);
    expect(names(await judge.cycle(t0 + 3000))).toEqual([]);

    // the dataset's acceptance removed (as in DataHub's UI): the model below is judged again, the stale table live
    await writeAcceptances(carol, DEMO.datasets.campaignTouches, []);
    const removed = await judge.cycle(t0 + 4000);
    expect(names(removed)).toEqual([DEMO.modelNames.campaignUplift]);
    expect(liveKeys(removed)).toContain(STALE);

    // the model's acceptance ends: judged again with nothing changed in DataHub, the leak live again
    const ended = await judge.cycle(t0 + 61_000);
    expect(names(ended)).toEqual([DEMO.modelNames.fraud]);
    expect(liveKeys(ended)).toEqual(expect.arrayContaining([expect.stringMatching(LEAK)]));
    expect(names(await judge.cycle(t0 + 62_000))).toEqual([]);
  });
});
