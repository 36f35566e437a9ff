import { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveCommand } from '../../src/cli/commands/serve.js';
import { SlackStartError } from '../../src/slack/bolt-app.js';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { startFakeSlack, type FakeSlack } from './fake-slack.js';
import { SECRET } from './harness.js';
import { sendSlashCommand } from './slash-command.js';
import { demoScoreLine } from '../support/demo-verdicts.js';

let sim: RunningSim;
let slack: FakeSlack;
beforeAll(async () => {
  sim = await startSim({ demo: true, port: 0 });
  slack = await startFakeSlack();
});
afterAll(async () => {
  await slack.close();
  await sim.close();
});

/** `janus serve` in this process (no Redis: the verdict history is memory), stopped when the test says so. */
function serve(env: Record<string, string>) {
  const lines: string[] = [];
  let stop!: () => void;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  const command = serveCommand({
    env: { DATAHUB_GMS_URL: sim.url, JANUS_LOG_LEVEL: 'silent', SLACK_API_URL: slack.apiUrl, ...env },
    stdout: { write: (t) => lines.push(t) },
    untilStopped: () => stopped,
  });
  const done = new Command('janus')
    .exitOverride()
    .addCommand(command.exitOverride())
    .parseAsync(['node', 'janus', 'serve', '--port', '0', '--host', '127.0.0.1']);
  const ready = (async () => {
    while (!lines.length) await Promise.race([new Promise((r) => setTimeout(r, 10)), done]);
    return /^janus serve ready (\S+)\n$/.exec(lines[0]!)![1]!;
  })();
  ready.catch(() => undefined);
  return { ready, stop, done, lines };
}

describe('janus serve and Slack', () => {
  it('with a bot token and a signing secret, checks the token with Slack and answers /janus at /slack/events', async () => {
    const s = serve({
      SLACK_BOT_TOKEN: 'xoxb-serve-test',
      SLACK_SIGNING_SECRET: SECRET,
      JANUS_PUBLIC_URL: 'https://janus.example.com',
    });
    const url = await s.ready;
    expect(slack.calls.filter((c) => c.method === 'auth.test').at(-1)?.body.token).toBe('xoxb-serve-test');
    const { id, url: responseUrl } = slack.responseUrl();
    const res = await sendSlashCommand(`${url}/slack/events`, {
      text: 'trust fraud_detector_v4',
      responseUrl,
      secret: SECRET,
    });
    expect(res.status).toBe(200);
    const message = (await slack.posted(id)) as {
      text: string;
      blocks: { type: string; elements?: { url: string }[] }[];
    };
    expect(message.text).toContain(demoScoreLine('fraud'));
    expect(message.blocks.find((b) => b.type === 'actions')?.elements?.[0]?.url).toMatch(
      /^https:\/\/janus\.example\.com\/reports\/urn%3Ali%3AmlModel/,
    );
    s.stop();
    await s.done;
    expect(slack.unexpected).toEqual([]);
  });

  it.each([
    ['only a bot token', { SLACK_BOT_TOKEN: 'xoxb-serve-test' }],
    ['only a signing secret', { SLACK_SIGNING_SECRET: SECRET }],
  ])('with %s, Slack is off: /slack/events is not mounted', async (_, env) => {
    const s = serve(env);
    const url = await s.ready;
    const res = await sendSlashCommand(`${url}/slack/events`, {
      text: 'help',
      responseUrl: slack.responseUrl().url,
      secret: SECRET,
    });
    // Janus's own server answers: it serves only GET and HEAD there.
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    s.stop();
    await s.done;
  });

  it('does not start when Slack refuses the token, and says which setting to fix', async () => {
    slack.authError = 'invalid_auth';
    try {
      const s = serve({ SLACK_BOT_TOKEN: 'xoxb-revoked', SLACK_SIGNING_SECRET: SECRET });
      const err = await s.done.catch((e: unknown) => e);
      expect(err).toBeInstanceOf(SlackStartError);
      expect((err as Error).message).toBe(
        'Slack refused the bot token (auth.test: invalid_auth): check SLACK_BOT_TOKEN',
      );
      expect(s.lines).toEqual([]);
    } finally {
      delete slack.authError;
    }
  });
});
