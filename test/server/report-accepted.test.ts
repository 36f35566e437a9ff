import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { acceptRisk } from '../../src/app/accept-risk.js';
import { judgeModel } from '../../src/app/judge-model.js';
import { judgePolicy } from '../../src/config/index.js';
import { judgeSchema } from '../../src/config/judge.js';
import { createDataHubClient } from '../../src/datahub/client.js';
import { createLogger } from '../../src/log.js';
import { createJanusServer, listen, type Listening } from '../../src/server/index.js';

// The report served at /reports/<model> lists the acceptances the model holds in DataHub: in force, then lapsed.
const policy = judgePolicy(judgeSchema.parse({}));
const logger = createLogger({ level: 'silent' });
let sim: RunningSim;
const started: Listening[] = [];

async function serve(asOf?: number): Promise<string> {
  const client = createDataHubClient({ url: sim.url, token: 'tok-dev-r8w' });
  const judging = asOf === undefined ? policy : { ...policy, asOf };
  const janus = createJanusServer({
    judge: (ref) => judgeModel({ client, policy: judging }, ref),
    logger,
    cacheMs: 0,
    ...(asOf === undefined ? {} : { judgedAt: asOf }),
  });
  const running = await listen(janus.server, 0, '127.0.0.1');
  started.push(running);
  return running.url;
}

const auditList = (html: string) =>
  /<section class="card" aria-label="accepted risks">[\s\S]*?<\/section>/.exec(html)?.[0].replace(/<[^>]+>/g, ' ');

beforeAll(async () => {
  sim = await startSim({
    demo: true,
    port: 0,
    tokens: {
      'tok-dev-r8w': {
        actor: 'urn:li:corpuser:dev.patel',
        privileges: ['EDIT_ENTITY', 'MANAGE_STRUCTURED_PROPERTIES'],
      },
    },
  });
});
afterAll(async () => {
  await Promise.all(started.map((s) => s.close()));
  await sim.close();
});

describe("the served report's Accepted risks", () => {
  it('none before; after janus accept, the acceptance with who, why and until; past its end, lapsed and why', async () => {
    const now = await serve();
    expect(auditList(await (await fetch(`${now}/reports/fraud_detector_v4`)).text())).toBeUndefined();

    const client = createDataHubClient({ url: sim.url, token: 'tok-dev-r8w' });
    const { acceptance } = await acceptRisk({ client, policy, admins: [] }, 'fraud_detector_v4', {
      finding: 'target_leakage',
      reason: 'backfill running',
      days: 7,
    });
    const served = auditList(await (await fetch(`${now}/reports/fraud_detector_v4`)).text());
    expect(served).toMatch(/accepted .*critical .*target_leakage .*dev\.patel .*backfill running/);
    expect(served).toContain(`${acceptance.until.slice(0, 16).replace('T', ' ')} UTC`);

    const later = await serve(Date.parse(acceptance.until) + 60_000);
    const lapsed = auditList(await (await fetch(`${later}/reports/fraud_detector_v4`)).text());
    expect(lapsed).toMatch(
      new RegExp(
        `lapsed .*expired on ${acceptance.until.slice(0, 10)} .*target_leakage .*dev\\.patel .*backfill running`,
      ),
    );
  });
});
