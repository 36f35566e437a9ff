import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SECRET, useSlackBed } from '../slack/harness.js';
import { sign, slashCommandBody } from '../slack/slash-command.js';
import { anyText, fuzz, STACK_FRAME } from './support.js';

// The fuzz suite, Slack surface (issue 20): slash commands, block_actions and view_submission payloads, signatures
// and bodies, signed and not, over real HTTP to Janus's Slack endpoint. Invariant: never a 500 nor a dropped
// connection, no stack trace in an answer, and the endpoint still answers a good command afterwards.
const bed = useSlackBed();

const json = fc.jsonValue({ maxDepth: 3 });
const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
// Payloads Janus handles (its open-link buttons) and every way one can be broken: no team, no user, no type, wrong
// shapes. (A well-formed payload of a kind Janus has no listener for waits Bolt's 3 s before its 404: a few only.)
const broken = fc
  .record(
    {
      type: fc.constantFrom('block_actions', 'view_submission', 'shortcut', 'x', ''),
      team: fc.oneof(fc.constant(null), fc.record({ id: fc.constantFrom('', 'T1') })),
      user: fc.oneof(fc.constant(null), fc.record({ id: fc.constantFrom('U0ALICE01', '') })),
      actions: fc.array(fc.record({ action_id: fc.string({ maxLength: 12 }), value: anyText() }), { maxLength: 2 }),
      view: maybe(fc.record({ callback_id: fc.string({ maxLength: 12 }), state: json })),
      response_url: maybe(fc.constantFrom('https://hooks.slack.com/x', 'http://127.0.0.1:1/x', 'not a url')),
      trigger_id: maybe(fc.string({ maxLength: 12 })),
    },
    { requiredKeys: ['type'] },
  )
  .filter((p) => !(p.team?.id && p.user?.id && p.type));
const button = fc.record({
  type: fc.constant('block_actions'),
  team: fc.constant({ id: 'T0JANUS01' }),
  user: fc.constant({ id: 'U0ALICE01' }),
  actions: fc.tuple(
    fc.record({ action_id: fc.constantFrom('open_report', 'open_datahub'), value: anyText(), url: maybe(anyText()) }),
  ),
  response_url: maybe(fc.constantFrom('https://hooks.slack.com/actions/1', 'https://evil.test/x')),
});
const payload = fc.oneof(
  { weight: 6, arbitrary: broken },
  { weight: 3, arbitrary: button },
  { weight: 4, arbitrary: json.filter((j) => !(j && typeof j === 'object' && 'type' in j)) },
);

type Req = { body: string; type: string; signed: 'good' | 'bad' | 'none'; skewS: number };
const request: fc.Arbitrary<Req> = fc.oneof(
  // a slash command: /janus with any text (help and usage answer in the ack; trust reads the simulator)
  fc
    .tuple(
      fc.oneof(
        anyText(),
        anyText().map((t) => `trust ${t}`),
        fc.constantFrom('help', 'trust', ''),
      ),
      fc.boolean(),
    )
    .map(([text, slackUrl]) => ({
      body: slashCommandBody({
        text,
        responseUrl: slackUrl ? bed.slack.responseUrl().url : 'https://hooks.slack.com/commands/1',
      }),
      type: 'application/x-www-form-urlencoded',
      signed: 'good' as const,
      skewS: 0,
    })),
  // an interaction payload, form-encoded as Slack sends it, or its raw text broken
  fc.tuple(payload, fc.boolean()).map(([p, raw]) => ({
    body: raw
      ? `payload=${JSON.stringify(p).slice(0, 40)}`
      : new URLSearchParams({ payload: JSON.stringify(p) }).toString(),
    type: 'application/x-www-form-urlencoded',
    signed: 'good' as const,
    skewS: 0,
  })),
  // anything at all, signed or not, at any skew, with any content type
  fc.record({
    body: fc.oneof(anyText(), fc.string({ unit: 'binary', maxLength: 400 })),
    type: fc.constantFrom('application/x-www-form-urlencoded', 'application/json', 'text/plain', ''),
    signed: fc.constantFrom('good' as const, 'bad' as const, 'none' as const),
    skewS: fc.constantFrom(0, 0, 299, -299, 301, -301, 86_400),
  }),
);

async function send(r: Req): Promise<{ status: number; text: string }> {
  const ts = Math.floor(Date.now() / 1000) + r.skewS;
  const headers: Record<string, string> = r.type ? { 'content-type': r.type } : {};
  if (r.signed !== 'none') {
    headers['x-slack-request-timestamp'] = String(ts);
    headers['x-slack-signature'] = r.signed === 'good' ? sign(SECRET, ts, r.body) : sign('wrong-secret', ts, r.body);
  }
  const res = await fetch(bed.janus.endpoint, { method: 'POST', headers, body: r.body });
  return { status: res.status, text: await res.text() };
}

describe('fuzz: Slack requests', () => {
  it('every request gets an answer of the contract, never a 500 or a stack trace', async () => {
    const statuses = new Map<number, number>();
    await fuzz(
      'slack requests',
      fc.asyncProperty(request, async (r) => {
        const { status, text } = await send(r);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        expect([200, 400, 401, 404, 413]).toContain(status);
        expect(text).not.toMatch(STACK_FRAME);
        if (status === 200 && text) expect(() => JSON.parse(text)).not.toThrow();
      }),
      2_000,
      60_000,
    );
    console.log(`slack statuses: ${JSON.stringify(Object.fromEntries(statuses))}`);
    const { id, url } = bed.slack.responseUrl();
    const after = await send({
      body: slashCommandBody({ text: 'trust fraud_detector_v4', responseUrl: url }),
      type: 'application/x-www-form-urlencoded',
      signed: 'good',
      skewS: 0,
    });
    expect(after.status).toBe(200);
    expect(JSON.stringify(await bed.slack.posted(id))).toContain('fraud_detector_v4');
  }, 120_000);
});
