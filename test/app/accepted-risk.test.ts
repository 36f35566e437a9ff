import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Acceptance } from '../../src/core/acceptance/acceptance.js';
import { judgeModel } from '../../src/app/judge-model.js';
import { createDataHubClient, type DataHubClient } from '../../src/datahub/client.js';
import { readLineageFile } from '../../src/datahub/lineage-file.js';
import { verdictJson } from '../../src/render/json.js';
import { verdictBlocks } from '../../src/render/blocks.js';
import { argosHtml } from '../../src/html-report/sections.js';
import { verdictText } from '../../src/render/text.js';
import { DEMO } from '@janus/datahub-sim/demo';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { shapeOf } from '../../src/core/acceptance/lapse.js';
import { shortDate } from '../../src/core/acceptance/words.js';
import { demoVerdict } from '../support/demo-verdicts.js';
import { policy } from './write-back-helpers.js';

let sim: RunningSim;
let client: DataHubClient;
beforeAll(async () => {
  sim = await startSim({ demo: true, port: 0 });
  client = createDataHubClient({ url: sim.url });
});
afterAll(() => sim?.close());

// the demo catalog is dated from the clock it starts at: judged a minute past an acceptance's end, nothing else moved
const NOW = Date.now();
const UNTIL = new Date(NOW + 30 * 86_400_000).toISOString();
const fraud = DEMO.modelNames.fraud;
const judge = (acceptances: Acceptance[], at = NOW, proposed?: string) =>
  judgeModel(
    {
      client,
      policy: { ...policy, asOf: at, acceptances },
      now: () => NOW,
      ...(proposed ? { proposed: readLineageFile(proposed) } : {}),
    },
    fraud,
  ).then((r) => r.verdict);

/** The demo's leak on fraud_detector_v4, accepted as `janus accept` records it: with the chains it had. */
async function acceptedLeak(): Promise<Acceptance> {
  const [leak] = (await judge([])).findings;
  expect(leak?.detector).toBe('target_leakage');
  return {
    key: leak!.key,
    by: 'carol.diaz',
    reason: 'backfill running',
    at: new Date(NOW).toISOString(),
    until: UNTIL,
    accepted: shapeOf(leak!),
    source: 'datahub',
  };
}

describe("accepting the demo's leak on fraud_detector_v4", () => {
  it('is judged as the golden file says without acceptances', async () => {
    const v = await judge([]);
    const golden = demoVerdict('fraud');
    expect({ score: v.score, band: v.band }).toEqual({ score: golden.score, band: golden.band });
    expect(v.band).toBe('at_risk');
    expect(v.accepted).toBeUndefined();
  });

  it('scores 100, trusted, and says who accepted what until when', async () => {
    const v = await judge([await acceptedLeak()]);
    expect(v).toMatchObject({ score: 100, band: 'trusted', findings: [], deductions: [] });
    expect(v.capped).toBeUndefined();
    expect(v.accepted).toHaveLength(1);
    expect(verdictText(v)).toContain(`1 finding accepted by carol.diaz until ${shortDate(UNTIL)}: 'backfill running'.`);
    expect(verdictText(v)).not.toContain('nothing worth a bark');
    const json = verdictJson(v);
    expect(json.accepted).toEqual([
      expect.objectContaining({
        detector: 'target_leakage',
        by: 'carol.diaz',
        reason: 'backfill running',
        until: UNTIL,
      }),
    ]);
  });

  it('counts again once it has ended (the clock moved past it): at_risk, saying why', async () => {
    const ending = { ...(await acceptedLeak()), until: new Date(NOW + 60_000).toISOString() };
    expect((await judge([ending], NOW)).band).toBe('trusted');
    const v = await judge([ending], NOW + 120_000);
    const golden = demoVerdict('fraud');
    expect({ score: v.score, band: v.band }).toEqual({ score: golden.score, band: 'at_risk' });
    const day = ending.until.slice(0, 10);
    expect(v.lapsed?.[0]?.lapse).toBe(`expired on ${day}`);
    expect(verdictText(v)).toContain(
      `target_leakage: carol.diaz's acceptance lapsed (expired on ${day}): it counts again.`,
    );
  });

  it('shows in Slack (/janus trust) and the report as in the terminal', async () => {
    const accepted = await judge([await acceptedLeak()]);
    const words = `1 finding accepted by carol.diaz until ${shortDate(UNTIL)}: 'backfill running'.`;
    expect(JSON.stringify(verdictBlocks(accepted, { source: { kind: 'live' } }).blocks)).toContain(words);
    expect(argosHtml(accepted)).toContain(words.replace(/'/g, '&#39;'));
    // beside findings that still count: a lapsed acceptance says why its finding is back
    const lapsed = await judge([{ ...(await acceptedLeak()), until: new Date(NOW - 1).toISOString() }]);
    expect(JSON.stringify(verdictBlocks(lapsed, { source: { kind: 'live' } }).blocks)).toContain(
      "target_leakage: carol.diaz's acceptance lapsed (expired on",
    );
  });

  it('lapses at once when a longer leaking chain appears', async () => {
    const v = await judge([await acceptedLeak()], NOW, 'test/fixtures/lineage/longer-chargeback-leak.yml');
    expect(v.band).toBe('at_risk');
    expect(v.accepted).toBeUndefined();
    expect(v.lapsed?.[0]?.lapse).toBe('a longer column chain appeared (7 columns, 5 accepted)');
  });
});
