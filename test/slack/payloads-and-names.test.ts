import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judgeModel } from '../../src/app/judge-model.js';
import { judgePolicy } from '../../src/config/index.js';
import { judgeSchema } from '../../src/config/judge.js';
import type { Verdict } from '../../src/core/verdict.js';
import { createDataHubClient } from '../../src/datahub/client.js';
import { MemoryVerdictHistory } from '../../src/history/index.js';
import { janusCommand } from '../../src/handlers/commands/janus.js';
import { createLogger } from '../../src/log.js';
import { alertMessage } from '../../src/slack/alerts/render.js';
import type { AlertState } from '../../src/slack/alerts/types.js';
import { fromSlackText } from '../../src/slack/command-text.js';
import { statusLine } from '../../src/slack/present/incident-controls.js';
import { plain } from '../../src/slack/present/mrkdwn.js';
import { DEMO } from '@janus/datahub-sim/demo';
import { ingestProposalBatch, type Proposal } from '@janus/datahub-sim/ingest-client';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { BOT, blockProblems, startFakeSlack, type FakeSlack } from './fake-slack.js';
import { SECRET, startJanusWithSlack, type JanusWithSlack } from './harness.js';
import { postSigned, sendSlashCommand, sign } from './slash-command.js';

// Issue 38 (probe finding 7) and issue 37 (point 1): malformed Slack payloads, mentions and entities in what users
// type, and catalog names that Slack would format.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- Slack messages read loosely

/** Catalog names Slack would format (bold, italic, code, strike), as DataHub may hold them; and how Janus shows them. */
const FORMATTED = {
  '*fraud*detector*v5*': '\u2217fraud*detector*v5\u2217',
  _shadow_scorer_: '\u02cdshadow_scorer\u02cd',
  '`code`_model': '\u02cbcode\u02cb\u02cdmodel',
  '~strike~': '\u223cstrike\u223c',
} as const;
const AMP_MODEL = 'R&D_model';
const urnOf = (name: string) => `urn:li:mlModel:(urn:li:dataPlatform:mlflow,${name},PROD)`;
const modelProposal = (name: string): Proposal => ({
  entityType: 'mlModel',
  entityUrn: urnOf(name),
  aspectName: 'mlModelProperties',
  aspect: { name, customProperties: {} },
});

/** Every mrkdwn text of a message: its fallback and each section, field and context element (not plain_text). */
function mrkdwnTexts(m: Json): string[] {
  const out: string[] = [m.text];
  const visit = (x: unknown): void => {
    if (Array.isArray(x)) return x.forEach(visit);
    if (!x || typeof x !== 'object') return;
    const o = x as Json;
    if (o.type === 'mrkdwn' && typeof o.text === 'string') out.push(o.text);
    Object.values(o).forEach(visit);
  };
  visit(m.blocks);
  return out;
}

let sim: RunningSim;
let slack: FakeSlack;
let janus: JanusWithSlack;
const history = new MemoryVerdictHistory();

beforeAll(async () => {
  sim = await startSim({ demo: true, port: 0 });
  const ingest = await ingestProposalBatch(sim.url, [AMP_MODEL, ...Object.keys(FORMATTED)].map(modelProposal));
  expect(ingest.status).toBe(200);
  // the last cycle's record: the formatted names at risk (the fraud model's verdict under their names)
  const judge = { client: createDataHubClient({ url: sim.url }), policy: judgePolicy(judgeSchema.parse({})) };
  const { verdict: fraud } = await judgeModel(judge, DEMO.models.fraud);
  expect(fraud.band).toBe('at_risk');
  for (const name of Object.keys(FORMATTED))
    await history.record({ ...fraud, model: { urn: urnOf(name), name } } satisfies Verdict);
  slack = await startFakeSlack();
  janus = await startJanusWithSlack({ datahub: sim.url, slack, history });
});
afterAll(async () => {
  await janus?.close();
  await slack?.close();
  await sim?.close();
});

async function command(text: string) {
  const { id, url } = slack.responseUrl();
  const res = await sendSlashCommand(janus.endpoint, { text, responseUrl: url, secret: SECRET });
  expect(res.status).toBe(200);
  const body = await res.text();
  return { ack: body ? (JSON.parse(body) as Json) : undefined, reply: () => slack.posted(id) as Promise<Json> };
}

/** The ack when it answers, else the reply posted at the response URL. */
async function answer(text: string): Promise<Json> {
  const c = await command(text);
  return c.ack?.blocks ? c.ack : c.reply();
}

function postJson(body: string) {
  const ts = Math.floor(Date.now() / 1000);
  return fetch(janus.endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-slack-request-timestamp': String(ts),
      'x-slack-signature': sign(SECRET, ts, body),
    },
    body,
  });
}
const interaction = (payload: unknown) => new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
const team = { id: BOT.teamId };
const user = { id: 'U0ALICE01' };

describe('malformed but signed Slack requests: 4xx, or 200 where Slack wants an ack; never 500 (issue 38)', () => {
  const slashWithoutText = new URLSearchParams({
    command: '/janus',
    team_id: BOT.teamId,
    user_id: user.id,
    channel_id: 'C0MLOPS01',
    response_url: 'https://hooks.slack.com/commands/T0/1/x',
    trigger_id: '1.2.x',
  }).toString();
  it.each([
    ['a JSON event body null', 400, 'a JSON body without a type', () => postJson('null')],
    [
      'an event_callback whose event is null',
      400,
      'an event_callback without a usable event',
      () => postJson(JSON.stringify({ type: 'event_callback', team_id: BOT.teamId, event: null })),
    ],
    [
      'an event_callback whose event has no type',
      400,
      'event.type',
      () => postJson(JSON.stringify({ type: 'event_callback', team_id: BOT.teamId, event: { user: 'U1' } })),
    ],
    [
      'a url_verification without its challenge',
      400,
      'challenge',
      () => postJson(JSON.stringify({ type: 'url_verification' })),
    ],
    [
      'block_actions whose actions is a string',
      400,
      'a block_actions payload without a usable actions',
      () =>
        postSigned(janus.endpoint, interaction({ type: 'block_actions', team, user, actions: 'janus.pick.0' }), SECRET),
    ],
    [
      'a view_submission without a view',
      400,
      'a view_submission payload without a usable view',
      () => postSigned(janus.endpoint, interaction({ type: 'view_submission', team, user }), SECRET),
    ],
    [
      'a view_submission whose view is a string',
      400,
      'view',
      () => postSigned(janus.endpoint, interaction({ type: 'view_submission', team, user, view: 'x' }), SECRET),
    ],
    ['a slash command without text', 200, 'text', () => postSigned(janus.endpoint, slashWithoutText, SECRET)],
  ] as const)('%s: answered %i, one log line that says why', async (_name, status, why, send) => {
    const before = janus.logs().length;
    const res = await send();
    expect(res.status).toBe(status);
    if (status === 200) expect(await res.json()).toMatchObject({ response_type: 'ephemeral' });
    await new Promise((r) => setTimeout(r, 50));
    const lines = janus.logs().slice(before);
    const said = lines.filter((l) => l.msg === 'Slack request Janus cannot use');
    expect(said).toHaveLength(1);
    expect(String(said[0]!.problem)).toContain(why);
    expect(lines.filter((l) => Number(l.level) >= 50)).toEqual([]);
  });

  it('the /janus listener itself (what a receiver without the guard hands it) acks a command without text', async () => {
    const lines: string[] = [];
    const logger = createLogger({
      level: 'info',
      format: 'json',
      destination: { write: (l: string) => void lines.push(l) },
    });
    const acks: unknown[] = [];
    const command = {
      command: '/janus',
      team_id: BOT.teamId,
      user_id: user.id,
      response_url: 'https://hooks.slack.com/x',
    };
    await janusCommand({ logger } as never)({
      command,
      ack: async (m?: unknown) => void acks.push(m),
      respond: async () => expect.fail('nothing to respond'),
    } as never);
    expect(acks).toHaveLength(1);
    expect(acks[0]).toMatchObject({ response_type: 'ephemeral', text: 'Argos cannot read this command (no text).' });
    expect(lines.map((l) => JSON.parse(l).msg)).toEqual(['a slash command Argos cannot read']);
  });

  it('a well-formed request still reaches Bolt (the checks refuse only what is broken)', async () => {
    const res = await postJson(JSON.stringify({ type: 'url_verification', challenge: 'c-123' }));
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('c-123');
  });
});

describe('what users type, echoed back: mentions neutralised, entities decoded (issues 37, 38)', () => {
  // as Slack sends them in a command's text: mentions stay Slack's tokens, a typed & < > arrives as entities
  it.each([
    ['<!here>', '&lt;!here&gt;'],
    ['<!everyone>', '&lt;!everyone&gt;'],
    ['<!channel>', '&lt;!channel&gt;'],
    ['<@U0BOB0001|bob>', '&lt;@U0BOB0001|bob&gt;'],
    ['<#C0GENERAL|general>', '&lt;#C0GENERAL|general&gt;'],
    ['<!subteam^S0MLTEAM|@ml-team>', '&lt;!subteam^S0MLTEAM|@ml-team&gt;'],
  ])('trust %s: "no model named" shows it as text, never as a mention', async (typed, shown) => {
    const m = await answer(`trust ${typed}`);
    const texts = mrkdwnTexts(m);
    expect(texts.join('\n')).toContain(shown);
    for (const t of texts) expect(t).not.toMatch(/<[!@#]/);
  });

  it.each([
    ['an unknown command', '<!here>'],
    ['too many words', 'trust a <@U0BOB0001>'],
    ['an unknown option', 'trust x --<!channel>'],
    ['a duration', 'snooze x <!everyone>'],
  ])('a usage problem (%s) echoes the text with no mention, in its blocks and its fallback', async (_n, text) => {
    const m = await answer(text);
    expect(m.response_type).toBe('ephemeral');
    for (const t of mrkdwnTexts(m)) expect(t).not.toMatch(/<[!@#]/);
    expect(mrkdwnTexts(m).join('\n')).toMatch(/&lt;[!@]/);
  });

  it('R&amp;D_model (Slack\'s encoding of "R&D_model") is the model R&D_model, shown escaped once', async () => {
    const m = await answer('trust R&amp;D_model');
    expect(m.blocks[0]).toMatchObject({ type: 'header', text: { type: 'plain_text' } });
    expect(m.blocks[0].text.text).toContain(AMP_MODEL);
    const texts = mrkdwnTexts(m).join('\n');
    expect(texts).toContain('R&amp;D_model');
    expect(texts).not.toContain('&amp;amp;');
    expect(texts).not.toContain('no model named');
  });

  it('a Resolve note (typed in the modal, not entity-encoded) is quoted as text: no mention, no formatting', () => {
    const line = statusLine({
      urn: 'urn:li:incident:1',
      title: 't',
      status: {
        state: 'RESOLVED',
        stage: 'FIXED',
        message: 'Resolved by Alice Chen in Slack: <!channel> fixed _upstream_ & <@U0BOB0001>',
        updatedAt: null,
        updatedBy: null,
      },
    });
    expect(line).toContain('>&lt;!channel&gt; fixed \u02cdupstream\u02cd &amp; &lt;@U0BOB0001&gt;');
    expect(line).not.toMatch(/<[!@#]/);
  });

  it('command text: entities decoded once, look-alikes read back (a name copied from a message)', () => {
    expect(fromSlackText('trust R&amp;D_model &lt;x&gt; &amp;lt;')).toBe('trust R&D_model <x> &lt;');
    for (const [name, shown] of Object.entries(FORMATTED)) expect(fromSlackText(shown)).toBe(name);
  });
});

describe('catalog names that Slack would format are shown to the letter (issue 37)', () => {
  it.each(Object.entries(FORMATTED))('plain(%s): no formatting character at a word edge', (name, shown) => {
    expect(plain(name)).toBe(shown);
    expect(plain('fraud_detector_v4')).toBe('fraud_detector_v4');
    expect(plain('<!channel> & *x*')).toBe('&lt;!channel&gt; &amp; \u2217x\u2217');
  });

  it.each(Object.entries(FORMATTED))('/janus trust %s: shown unformatted in the verdict', async (name, shown) => {
    const m = await answer(`trust ${name}`);
    expect(m.blocks[0].text.text).toContain(name); // plain_text: shown as is
    const texts = mrkdwnTexts(m);
    expect(texts.join('\n')).toContain(shown);
    for (const t of texts) expect(t).not.toContain(name);
    expect(blockProblems(m.blocks)).toEqual([]);
  });

  it('/janus at-risk lists them unformatted', async () => {
    const m = await answer('at-risk');
    // a link's address is not formatted (the report's urn may hold the name); its label is
    const texts = mrkdwnTexts(m)
      .join('\n')
      .replace(/<https?:[^|>]*\|/g, '<');
    for (const [name, shown] of Object.entries(FORMATTED)) {
      expect(texts).toContain(shown);
      expect(texts).not.toContain(name);
    }
  });

  it('an alert lists them unformatted, in its blocks and its notification text', () => {
    const models = Object.keys(FORMATTED).map((name) => ({ urn: urnOf(name), name, band: 'at_risk' as const }));
    const alert: AlertState = {
      id: 'cause:k#1',
      kind: 'cause',
      key: 'k',
      headline: `Upstream failure: ${Object.keys(FORMATTED)[1]}`,
      story: [`An assertion on ${Object.keys(FORMATTED)[3]} failed.`],
      since: '2026-03-01T12:00:00.000Z',
      raisedAt: 0,
      status: 'open',
      models: Object.fromEntries(models.map((x) => [x.urn, x])),
      modelCount: models.length,
      links: {},
      channels: {},
    };
    const m = alertMessage(alert, { models: models.map((x) => x.urn), mentions: [] }) as Json;
    const texts = mrkdwnTexts(m);
    for (const [name, shown] of Object.entries(FORMATTED)) {
      expect(texts.join('\n')).toContain(shown);
      for (const t of texts) expect(t).not.toContain(name);
    }
  });
});
