import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { judgeModel } from '../../src/app/judge-model.js';
import { judgePolicy } from '../../src/config/index.js';
import { judgeSchema } from '../../src/config/judge.js';
import { createDataHubClient } from '../../src/datahub/client.js';
import { RedisVerdictHistory } from '../../src/history/index.js';
import { reportPath } from '../../src/core/links.js';
import { DEMO } from '@janus/datahub-sim/demo';
import { startSim } from '@janus/datahub-sim';
import { startFakeSlack } from './fake-slack.js';
import { SECRET, startJanusWithSlack, useSlackBed } from './harness.js';
import { sendInteraction, sendSlashCommand } from './slash-command.js';
import { demoScore, demoScoreLine } from '../support/demo-verdicts.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const FRAUD = DEMO.modelNames.fraud;
const FRAUD_URN = DEMO.models.fraud;

const bed = useSlackBed();
afterEach(() => {
  expect(bed.slack.unexpected).toEqual([]);
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- Slack messages read loosely
const textOf = (message: Json): string => JSON.stringify(message.blocks);

/** `/janus <text>`: the HTTP answer (the ack) and, when Janus posts one, the message at the response URL. */
async function command(text: string, endpoint = bed.janus.endpoint) {
  const { id, url } = bed.slack.responseUrl();
  const res = await sendSlashCommand(endpoint, { text, responseUrl: url, secret: SECRET });
  const ack = await res.text();
  return {
    status: res.status,
    ack: ack ? (JSON.parse(ack) as Json) : undefined,
    posted: () => bed.slack.posted(id) as Promise<Json>,
  };
}

describe('/janus help and bad input', () => {
  it('help: an ephemeral list of what Argos answers, in the ack itself', async () => {
    const r = await command('help');
    expect(r.status).toBe(200);
    expect(r.ack).toMatchObject({ response_type: 'ephemeral' });
    expect(textOf(r.ack!)).toContain('/janus trust &lt;model|dataset&gt;');
  });

  it.each([
    ['', 'Argos needs to know what to do'],
    ['frobnicate fraud_detector_v4', 'Argos does not know `/janus frobnicate`'],
    ['trust', '`/janus trust` needs a model'],
    ['trust a b', 'takes one model or dataset at a time'],
  ])('"%s": an ephemeral usage message saying why, and nothing judged', async (text, why) => {
    bed.sim.resetStats();
    const r = await command(text);
    expect(r.status).toBe(200);
    expect(r.ack?.response_type).toBe('ephemeral');
    expect(r.ack?.text).toContain(why);
    expect(textOf(r.ack!)).toContain('/janus trust');
    expect(bed.sim.stats().requests).toBe(0);
  });
});

describe('/janus trust', () => {
  it('acks at once, then posts the live verdict to the asker: score, band, findings, report and DataHub links', async () => {
    const r = await command(`trust ${FRAUD}`);
    expect(r.status).toBe(200);
    expect(r.ack).toBeUndefined();
    const message = await r.posted();
    expect(message.response_type).toBe('ephemeral');
    expect(message.text).toBe(`${demoScoreLine('fraud')}. At risk, held down by a critical finding.`);
    expect(message.blocks[0]).toEqual({
      type: 'header',
      text: { type: 'plain_text', text: `fraud_detector_v4: ${demoScore('fraud')}/100, at risk`, emoji: true },
    });
    expect(textOf(message)).toContain('target leakage');
    expect(textOf(message)).toContain('Judged now');
    const buttons = message.blocks.find((b: Json) => b.type === 'actions').elements;
    expect(buttons.map((b: Json) => b.url)).toEqual([
      `${bed.janus.url}${reportPath(FRAUD_URN)}`,
      `http://datahub-ui.test:9002/mlModels/${encodeURIComponent(FRAUD_URN)}`,
    ]);
    // The report link leads to the report of the same verdict.
    const report = await fetch(buttons[0].url);
    expect(report.status).toBe(200);
    expect(await report.text()).toContain(`<span class="score-value">${demoScore('fraud')}</span>`);
  });

  it('takes the model by urn too', async () => {
    const message = await (await command(`trust ${FRAUD_URN}`)).posted();
    expect(message.text).toContain(demoScoreLine('fraud'));
  });

  it('an unknown model: an ephemeral message with the closest names', async () => {
    const message = await (await command('trust fraud_detektor_v4')).posted();
    expect(message.response_type).toBe('ephemeral');
    expect(message.text).toContain(
      'Argos finds no model named `fraud_detektor_v4` in DataHub. Closest: `fraud_detector_v4`',
    );
  });

  it('a link button click is acked', async () => {
    const res = await sendInteraction(bed.janus.endpoint, SECRET, {
      type: 'block_actions',
      user: { id: 'U0ALICE01', username: 'alice', team_id: 'T0JANUS01' },
      team: { id: 'T0JANUS01', domain: 'janus-test' },
      api_app_id: 'A0JANUS01',
      token: 'legacy',
      trigger_id: '1.2.3',
      container: { type: 'message' },
      actions: [
        {
          type: 'button',
          action_id: 'open_report',
          block_id: 'b1',
          text: { type: 'plain_text', text: 'Model Impact Report' },
          action_ts: '1',
        },
      ],
    });
    expect(res.status).toBe(200);
  });
});

describe('Slack signatures and routes', () => {
  it('refuses a request signed with another secret, or too old, with 401, and judges nothing', async () => {
    bed.sim.resetStats();
    const { url } = bed.slack.responseUrl();
    const forged = await sendSlashCommand(bed.janus.endpoint, {
      text: `trust ${FRAUD}`,
      responseUrl: url,
      secret: 'not-the-secret',
    });
    expect(forged.status).toBe(401);
    const stale = await sendSlashCommand(bed.janus.endpoint, {
      text: `trust ${FRAUD}`,
      responseUrl: url,
      secret: SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    expect(stale.status).toBe(401);
    expect(bed.sim.stats().requests).toBe(0);
  });

  it('answers only POST at /slack/events', async () => {
    expect((await fetch(bed.janus.endpoint)).status).toBe(405);
    expect((await fetch(`${bed.janus.endpoint}/other`, { method: 'POST' })).status).toBe(404);
  });
});

describe('where the verdict comes from', () => {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  const prefixes: string[] = [];
  afterAll(async () => {
    for (const prefix of prefixes) {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
    }
    await redis.quit();
  });

  /** Janus with a verdict history in Redis (a prefix of its own) holding the verdict a scan made `ageMs` ago. */
  async function afterScan(ageMs: number) {
    const prefix = `janus-test:${randomUUID()}:`;
    prefixes.push(prefix);
    const history = new RedisVerdictHistory(redis, { prefix });
    const at = Date.now() - ageMs;
    const { verdict } = await judgeModel(
      { client: createDataHubClient({ url: bed.sim.url }), policy: judgePolicy(judgeSchema.parse({})), now: () => at },
      FRAUD,
    );
    await history.record(verdict);
    return { recorded: verdict, janus: await startJanusWithSlack({ datahub: bed.sim.url, slack: bed.slack, history }) };
  }

  it('a verdict recorded by a recent scan is the answer: DataHub is asked only for the name', async () => {
    const { recorded, janus: own } = await afterScan(5_000);
    try {
      bed.sim.resetStats();
      const message = await (await command(`trust ${FRAUD}`, own.endpoint)).posted();
      // the name, and the open incidents behind its findings (one batch read, no walk)
      expect(bed.sim.stats().byOperation).toEqual({ JanusSearchModels: 1, JanusDatasetsActiveIncidents: 1 });
      expect(message.text).toContain(demoScoreLine('fraud'));
      expect(textOf(message)).toContain(
        `As of the scan at <!date^${Math.floor(Date.parse(recorded.scannedAt) / 1000)}^{time_secs}|${recorded.scannedAt.slice(11, 19)} UTC>`,
      );
    } finally {
      await own.close();
    }
  });

  it('a verdict older than the max age (60 s by default) is judged again', async () => {
    const { janus: own } = await afterScan(61_000);
    try {
      bed.sim.resetStats();
      const message = await (await command(`trust ${FRAUD}`, own.endpoint)).posted();
      expect(Object.keys(bed.sim.stats().byOperation).length).toBeGreaterThan(1);
      expect(textOf(message)).toContain('Judged now');
    } finally {
      await own.close();
    }
  });
});

describe('when DataHub fails', () => {
  it('says so in an ephemeral message and logs it; nothing is posted in the channel', async () => {
    const down = await startSim({ demo: true, port: 0, failRate: 1, faults: ['500'] });
    const own = await startJanusWithSlack({ datahub: down.url, slack: bed.slack, env: { JANUS_DATAHUB_RETRIES: '0' } });
    try {
      const message = await (await command(`trust ${FRAUD}`, own.endpoint)).posted();
      expect(message.response_type).toBe('ephemeral');
      expect(message.text).toBe(
        'Argos could not read DataHub just now, so `fraud_detector_v4` was not judged. Try again in a moment.',
      );
      expect(textOf(message)).toContain('HTTP 500');
      expect(down.stats().faults['500']).toBeGreaterThan(0);
      const logged = own.logs().find((l) => l.msg === 'DataHub could not be read');
      expect(logged).toMatchObject({
        level: 40,
        unit: 'slack',
        command: '/janus trust',
        model: FRAUD,
        code: 'datahub.graphql',
        user: 'U0ALICE01',
      });
    } finally {
      await own.close();
      await down.close();
    }
  });
});

describe('when Slack rate-limits the Web API', () => {
  it("waits the Retry-After and tries again (the WebClient's retry config), then answers", async () => {
    const limited = await startFakeSlack();
    limited.rateLimit('auth.test', 1);
    const own = await startJanusWithSlack({ datahub: bed.sim.url, slack: limited });
    try {
      expect(limited.calls.map((c) => [c.method, c.status])).toEqual([
        ['auth.test', 429],
        ['auth.test', 200],
      ]);
      const { id, url } = limited.responseUrl();
      const res = await sendSlashCommand(own.endpoint, { text: `trust ${FRAUD}`, responseUrl: url, secret: SECRET });
      expect(res.status).toBe(200);
      expect(((await limited.posted(id)) as Json).text).toContain(demoScoreLine('fraud'));
      expect(limited.unexpected).toEqual([]);
    } finally {
      await own.close();
      await limited.close();
    }
  });
});
