import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '@janus/datahub-sim/demo';
import { requireBuiltCli, runJanus } from './run-janus.js';
import { demoVerdict } from '../support/demo-verdicts.js';
import { useDemoSimWithWriters } from '../support/writer-sim.js';

// carol.diaz owns raw.marketing.campaign_touches (past its SLA in the demo); mallory owns nothing
const demo = useDemoSimWithWriters({ 'tok-carol-7q': 'carol.diaz', 'tok-mallory-7q': 'mallory' });
const env = (token: string) => ({ DATAHUB_GMS_URL: demo.sim.url, DATAHUB_GMS_TOKEN: token });

const STALE = 'raw.marketing.campaign_touches';
const UPLIFT = demoVerdict('campaignUplift');
const FRESHNESS = UPLIFT.findings.find((f) => f.detector === 'freshness_lag')!;

/** The acceptances a janus trust --json of the model lists, and what counts. */
async function upliftJson(): Promise<{
  score: number;
  findings: { key: string }[];
  accepted?: Record<string, unknown>[];
}> {
  const trust = await runJanus(['trust', UPLIFT.name, '--json'], env('tok-mallory-7q'));
  expect(trust.code, trust.stderr).toBe(0);
  return JSON.parse(trust.stdout);
}

describe('janus accept <dataset>: one acceptance on the dataset, for every model below it', () => {
  beforeAll(requireBuiltCli);

  it('a stranger is refused; the owner accepts the stale table by name; the model below no longer counts it', async () => {
    expect(FRESHNESS.entity).toBe(DEMO.datasets.campaignTouches);
    const stranger = await runJanus(
      ['accept', STALE, 'freshness_lag', '--reason', 'fine by me'],
      env('tok-mallory-7q'),
    );
    expect(stranger.code).toBe(2);
    expect(stranger.stderr).toContain(`mallory may not accept risks on ${STALE}`);
    expect((await upliftJson()).findings.map((f) => f.key)).toContain(FRESHNESS.key);

    const owner = await runJanus(
      ['accept', STALE, 'freshness_lag', '--reason', 'export paused for the migration', '--days', '14'],
      env('tok-carol-7q'),
    );
    expect(owner.code, owner.stderr).toBe(0);
    expect(owner.stdout).toMatch(
      new RegExp(
        `^${STALE.replace(/\./g, '\\.')}: freshness_lag \\(medium\\) accepted by carol\\.diaz until .*: 'export paused for the migration', for the \\d+ models? below it`,
      ),
    );

    const after = await upliftJson();
    expect(after.findings.map((f) => f.key)).not.toContain(FRESHNESS.key);
    expect(after.score).toBeGreaterThan(UPLIFT.score);
    expect(after.accepted).toEqual([
      expect.objectContaining({
        key: FRESHNESS.key,
        by: 'carol.diaz',
        reason: 'export paused for the migration',
        on: DEMO.datasets.campaignTouches,
      }),
    ]);

    const [ofDataset, ofModel] = await Promise.all([
      runJanus(['accepted', DEMO.datasets.campaignTouches, '--json'], env('tok-mallory-7q')),
      runJanus(['accepted', UPLIFT.name], env('tok-mallory-7q')),
    ]);
    expect(ofDataset.code, ofDataset.stderr).toBe(0);
    expect(JSON.parse(ofDataset.stdout)).toEqual({
      accepted: [
        expect.objectContaining({
          dataset: 'campaign_touches',
          on: DEMO.datasets.campaignTouches,
          key: FRESHNESS.key,
          by: 'carol.diaz',
          status: 'active',
        }),
      ],
    });
    expect(ofModel.code, ofModel.stderr).toBe(0);
    expect(ofModel.stdout).toContain(`${UPLIFT.name} (on campaign_touches)  freshness_lag  active  by carol.diaz`);
  });

  it('a finding the dataset is not the root of is refused, naming what the models below have on it', async () => {
    const res = await runJanus(
      ['accept', DEMO.datasets.campaignTouches, 'target_leakage', '--reason', 'x'],
      env('tok-carol-7q'),
    );
    expect(res.code).toBe(2);
    expect(res.stderr).toContain("no finding target_leakage; the dataset's findings:");
    expect(res.stderr).toContain(FRESHNESS.key);
  });
});
