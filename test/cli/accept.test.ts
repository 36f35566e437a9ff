import { beforeAll, describe, expect, it } from 'vitest';
import { requireBuiltCli, runJanus } from './run-janus.js';
import { demoFindingKeys } from '../support/demo-verdicts.js';
import { useDemoSimWithWriters } from '../support/writer-sim.js';

// dev.patel owns fraud_detector_v4 in the demo catalog; mallory owns nothing
const demo = useDemoSimWithWriters({ 'tok-dev': 'dev.patel', 'tok-mallory': 'mallory' });
const env = (token: string) => ({ DATAHUB_GMS_URL: demo.sim.url, DATAHUB_GMS_TOKEN: token });

const [LEAK] = demoFindingKeys('fraud');

describe('janus accept and janus accepted, through the built CLI', () => {
  beforeAll(requireBuiltCli);

  it('a stranger is refused (exit 2); an owner accepts; trust, gate and accepted --json then show it', async () => {
    const until = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
    const stranger = await runJanus(
      ['accept', 'fraud_detector_v4', 'target_leakage', '--reason', 'fine by me'],
      env('tok-mallory'),
    );
    expect(stranger.code).toBe(2);
    expect(stranger.stderr).toContain('mallory may not accept risks on fraud_detector_v4');

    const owner = await runJanus(
      ['accept', 'fraud_detector_v4', 'target_leakage', '--reason', 'backfill running', '--until', until],
      env('tok-dev'),
    );
    expect(owner.code, owner.stderr).toBe(0);
    expect(owner.stdout).toMatch(
      /^fraud_detector_v4: target_leakage \(critical\) accepted by dev\.patel until .*: 'backfill running'/,
    );

    const [trust, gate, listed] = await Promise.all([
      runJanus(['trust', 'fraud_detector_v4'], env('tok-mallory')),
      runJanus(['gate', '--model', 'fraud_detector_v4', '--format', 'json'], env('tok-mallory')),
      runJanus(['accepted', 'fraud_detector_v4', '--json'], env('tok-mallory')),
    ]);
    expect(trust.code, trust.stderr).toBe(0);
    expect(trust.stdout).toContain('fraud_detector_v4 scores 100/100. Trusted.');
    expect(trust.stdout).toContain('1 finding accepted by dev.patel until ');
    expect(gate.code, gate.stderr).toBe(0);
    expect(JSON.parse(gate.stdout).models[0].accepted[0]).toMatchObject({
      key: LEAK,
      by: 'dev.patel',
      source: 'datahub',
    });
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout)).toEqual({
      accepted: [
        expect.objectContaining({
          model: 'fraud_detector_v4',
          key: LEAK,
          by: 'dev.patel',
          reason: 'backfill running',
          until: `${until}T00:00:00.000Z`,
          status: 'active',
        }),
      ],
    });
  });
});
