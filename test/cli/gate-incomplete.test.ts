import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestProposalBatch } from '@janus/datahub-sim/ingest-client';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { incidents, MODEL, NOW, wideModel } from '../support/long-lists.js';
import { requireBuiltCli, runJanus } from './run-janus.js';

// A list DataHub cannot give whole: its search index pages to the 10,000th result, and says `total: 10000` past it.
let sim: RunningSim;
beforeAll(async () => {
  requireBuiltCli();
  sim = await startSim({ demo: false, port: 0, now: () => NOW });
  const proposals = [...wideModel(1), ...incidents(10_000)];
  for (let i = 0; i < proposals.length; i += 5000)
    expect((await ingestProposalBatch(sim.url, proposals.slice(i, i + 5000))).status).toBe(200);
}, 60_000);
afterAll(() => sim?.close());

describe('janus gate on a model whose upstream dataset has 10,000 active incidents', () => {
  it('exits 3 and reports the model not judged, never a pass', async () => {
    const r = await runJanus(['gate', '--model', MODEL, '--format', 'json'], { DATAHUB_GMS_URL: sim.url });
    expect(r.code, r.stderr).toBe(3);
    const report = JSON.parse(r.stdout) as { status: string; pass: boolean; error: Record<string, unknown> };
    expect(report).toMatchObject({ status: 'error', pass: false });
    expect(report.error).toMatchObject({ code: 'datahub.incomplete', notJudged: [MODEL] });
    expect(r.stderr).toMatch(/10,000|10000/);
  }, 60_000);
});
