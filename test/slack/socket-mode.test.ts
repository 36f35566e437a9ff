import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Command } from 'commander';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { slackChecks } from '../../src/app/doctor/slack-checks.js';
import { writeBackModels } from '../../src/app/write-back.js';
import { serveCommand } from '../../src/cli/commands/serve.js';
import { judgePolicy, loadConfig } from '../../src/config/index.js';
import { judgeSchema } from '../../src/config/judge.js';
import { keyOf } from '../../src/core/writeback/conventions.js';
import { createDataHubClient, type DataHubClient } from '../../src/datahub/client.js';
import { readIncidentFacts } from '../../src/datahub/incident-facts.js';
import { datasetsIncidentsOp } from '../../src/datahub/queries/incident.js';
import { ConfigError } from '../../src/errors.js';
import { createLogger, redactText } from '../../src/log.js';
import { SlackStartError } from '../../src/slack/bolt-app.js';
import { slackMount } from '../../src/compose/slack-mount.js';
import { DEMO } from '@janus/datahub-sim/demo';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { demoScoreLine } from '../support/demo-verdicts.js';
import { eventually } from '../support/service.js';
import { startFakeSlack, type FakeSlack } from './fake-slack.js';
import { eventCallback, withSocketMode, type FakeSocketMode } from './fake-socket-mode.js';
import { SECRET, startJanusWithSlack, type JanusWithSlack } from './harness.js';
import {
  alertMessage,
  blockActions,
  callsOf,
  CAROL,
  CHANNEL,
  ERIN,
  SESSIONS_KEY,
  updatesOf,
  withIncidentMethods,
} from './incident-slack.js';
import { sendSlashCommand } from './slash-command.js';
import { APP_TOKEN, slashPayload } from './socket-mode-bed.js';

let sim: RunningSim;
let client: DataHubClient;
let slack: FakeSlack;
let socket: FakeSocketMode;
let sessions: string;

beforeAll(async () => {
  sim = await startSim({ demo: true, port: 0 });
  client = createDataHubClient({ url: sim.url });
  const scan = await writeBackModels({ client, policy: judgePolicy(judgeSchema.parse({})) }, 'all', {
    keepVerdicts: false,
  });
  expect(scan.failed).toEqual([]);
  const found = (
    await client.request(datasetsIncidentsOp, { urns: [DEMO.datasets.stgSessions] })
  ).entities?.[0]?.incidents?.incidents.find((i) => keyOf(i.description) === SESSIONS_KEY);
  sessions = found!.urn;
  slack = await startFakeSlack();
  withIncidentMethods(slack, [ERIN, CAROL]);
  // `/janus test` posts as alerts are posted: Slack's channel rules, as the fake keeps them
  delete slack.methods['chat.postMessage'];
  slack.addChannel({ name: 'ml-ops', id: CHANNEL });
  slack.methods['views.publish'] = (b) => ({ ok: true, view: { id: 'VHOME0001', ...JSON.parse(b.view ?? '{}') } });
  socket = await withSocketMode(slack, APP_TOKEN);
});
afterAll(async () => {
  await socket?.close();
  await slack?.close();
  await sim?.close();
});
afterEach(() => {
  expect(slack.unexpected).toEqual([]);
});

const connectionsOpened = () => callsOf(slack, 'apps.connections.open').length;

describe('Slack in Socket Mode (an app-level token: no public URL, no signing secret)', () => {
  let janus: JanusWithSlack;
  beforeAll(async () => {
    const before = socket.connections.length;
    janus = await startJanusWithSlack({
      datahub: sim.url,
      slack,
      datahubUi: null,
      reportBaseUrl: 'http://janus.test',
      env: { SLACK_APP_TOKEN: APP_TOKEN },
    });
    await socket.connected(before + 1);
  });
  afterAll(() => janus?.close());

  it('/janus trust in a slash_commands envelope: acked over the socket, answered at the response URL', async () => {
    const { payload, id } = slashPayload(slack, 'trust fraud_detector_v4');
    const ack = await socket.send('slash_commands', payload);
    expect(ack.payload ?? {}).toEqual({});
    const reply = (await slack.posted(id)) as { text: string };
    expect(reply.text).toContain(demoScoreLine('fraud'));
  });

  it('/janus help is answered in the ack itself (its payload)', async () => {
    const ack = await socket.send('slash_commands', slashPayload(slack, 'help').payload);
    expect(JSON.stringify(ack.payload)).toContain("Argos, Janus's watchdog, answers");
  });

  it("an incident's Acknowledge in an interactive envelope reaches DataHub and updates the message", async () => {
    const message = alertMessage(sessions, '1760009001.000100');
    const ack = await socket.send(
      'interactive',
      blockActions({
        user: ERIN.id,
        actionId: 'janus.incident.ack',
        value: sessions,
        message,
        responseUrl: slack.responseUrl().url,
      }),
    );
    expect(ack.payload ?? {}).toEqual({});
    const [update] = await eventually(() => {
      const list = updatesOf(slack, message.ts);
      return list.length ? list : undefined;
    }, 'chat.update');
    expect(update!.channel).toBe(CHANNEL);
    expect((await readIncidentFacts(client, sessions))!.status).toMatchObject({
      state: 'ACTIVE',
      stage: 'INVESTIGATION',
      message: 'Acknowledged by Erin Walsh (erin.walsh@acmepay.example) in Slack.',
    });
  });

  it('app_home_opened in an events_api envelope publishes the member’s App Home', async () => {
    const ack = await socket.send(
      'events_api',
      eventCallback({ type: 'app_home_opened', user: CAROL.id, channel: 'D0CAROL01', tab: 'home' }),
    );
    expect(ack.payload ?? {}).toEqual({});
    const [published] = await eventually(() => {
      const calls = callsOf(slack, 'views.publish').filter((c) => c.user_id === CAROL.id);
      return calls.length ? calls : undefined;
    }, 'views.publish');
    expect((published!.view as { type: string }).type).toBe('home');
  });

  it('serves no /slack/events: a signed request there is not Slack’s door any more', async () => {
    const res = await sendSlashCommand(janus.endpoint, {
      text: 'help',
      responseUrl: slack.responseUrl().url,
      secret: SECRET,
    });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });

  it('/janus test posts a test alert, rendered as alerts are, in the channel it was typed in; the asker is told where', async () => {
    const { payload, id } = slashPayload(slack, 'test');
    await socket.send('slash_commands', payload);
    const reply = (await slack.posted(id)) as { response_type: string; text: string };
    expect(reply).toMatchObject({
      response_type: 'ephemeral',
      text: `Argos posted a test alert in <#${CHANNEL}>: alerts routed there will look like it.`,
    });
    const [posted] = slack.parents(CHANNEL);
    expect(posted!.text).toBe('example_model (a test) → caution (72): Test alert: nothing is wrong');
    expect(posted!.blocks[0]).toMatchObject({
      type: 'header',
      text: {
        text: expect.stringMatching(
          /^:\w+: example_model \(a test\) → caution \(72\): Test alert: nothing is wrong$/,
        ) as unknown,
      },
    });
    expect(JSON.stringify(posted!.blocks)).toContain(
      'A test <@U0ALICE01> asked for with `/janus test`: no action needed.',
    );
    expect(posted!.blocks.some((b) => b.type === 'actions')).toBe(false);
  });

  it('/janus test <#channel>: a public channel Argos is not in is joined, then posted in', async () => {
    const alerts = slack.addChannel({ name: 'ml-alerts', member: false });
    const { payload, id } = slashPayload(slack, `test <#${alerts}|ml-alerts>`);
    await socket.send('slash_commands', payload);
    expect(((await slack.posted(id)) as { text: string }).text).toBe(
      `Argos posted a test alert in <#${alerts}>: alerts routed there will look like it.`,
    );
    expect(slack.parents(alerts)).toHaveLength(1);
    expect(callsOf(slack, 'conversations.join').map((c) => c.channel)).toContain(alerts);
  });

  it('/janus test #private-channel Argos is not in: nothing posted, the asker told to invite it', async () => {
    slack.addChannel({ name: 'secret-ml', private: true, member: false });
    const { payload, id } = slashPayload(slack, 'test #secret-ml');
    await socket.send('slash_commands', payload);
    expect(((await slack.posted(id)) as { text: string }).text).toBe(
      'Argos could not post a test alert in #secret-ml: Slack knows no such channel, or it is private and Argos is not in it (`/invite @Argos` there).',
    );
    expect(slack.parents('secret-ml')).toEqual([]);
  });

  it('an envelope Bolt cannot route (an event without a type, actions a string, a view_submission without a view) is acked and said in one line each, as over HTTP', async () => {
    const said = () => janus.logs().filter((l) => String(l.msg).startsWith('Slack request Janus cannot use')).length;
    const before = said();
    const broken: [Parameters<FakeSocketMode['send']>[0], Record<string, unknown>][] = [
      // (an event `null` never reaches Janus: @slack/socket-mode reads `event.type` as it parses the envelope)
      ['events_api', { ...eventCallback({ type: 'app_home_opened' }), event: { user: CAROL.id } }],
      ['interactive', { type: 'block_actions', team: { id: 'T0JANUS01' }, user: { id: ERIN.id }, actions: 'ack' }],
      ['interactive', { type: 'view_submission', team: { id: 'T0JANUS01' }, user: { id: ERIN.id } }],
    ];
    for (const [type, payload] of broken) expect((await socket.send(type, payload)).payload ?? {}).toEqual({});
    expect(said() - before).toBe(3);
    expect(janus.logs().filter((l) => /unhandled error/i.test(String(l.msg)))).toEqual([]);
  });

  it('never logs the app-level token', () => {
    expect(JSON.stringify(janus.logs())).not.toContain(APP_TOKEN);
    expect(janus.logs().some((l) => l.msg === 'Slack on: answering /janus over Socket Mode')).toBe(true);
  });
});

describe('Socket Mode reconnects', () => {
  it('when Slack cannot be reached at the reconnect (apps.connections.open answering 503): logged, tried again, connected once Slack is back; the process lives on', async () => {
    const before = socket.connections.length;
    const janus = await startJanusWithSlack({
      datahub: sim.url,
      slack,
      env: { SLACK_APP_TOKEN: APP_TOKEN },
      socketPingTimeoutMs: 1000,
    });
    try {
      await socket.connected(before + 1);
      slack.down = true;
      socket.refresh();
      await eventually(
        () => janus.logs().some((l) => l.msg === 'Slack connection could not be reopened (Socket Mode): trying again'),
        'the failed reconnect logged',
      );
      slack.down = false;
      await socket.connected(before + 2);
      const ack = await socket.send('slash_commands', slashPayload(slack, 'help').payload);
      expect(JSON.stringify(ack.payload)).toContain("Argos, Janus's watchdog, answers");
    } finally {
      slack.down = false;
      await janus.close();
    }
  });

  it('when Slack recycles the connection (disconnect, refresh_requested): a new URL, a new socket, answered again', async () => {
    const before = socket.connections.length;
    const opened = connectionsOpened();
    const janus = await startJanusWithSlack({
      datahub: sim.url,
      slack,
      env: { SLACK_APP_TOKEN: APP_TOKEN },
      socketPingTimeoutMs: 1000,
    });
    try {
      await socket.connected(before + 1);
      socket.refresh();
      await socket.connected(before + 2);
      expect(connectionsOpened()).toBe(opened + 2);
      expect(socket.connections.slice(before).map((c) => c.open)).toEqual([false, true]);
      const ack = await socket.send('slash_commands', slashPayload(slack, 'help').payload);
      expect(JSON.stringify(ack.payload)).toContain("Argos, Janus's watchdog, answers");
      expect(janus.logs().some((l) => l.msg === 'Slack connection dropped: reconnecting (Socket Mode)')).toBe(true);
    } finally {
      await janus.close();
    }
  });
});

/** `janus serve` in this process (no Redis), stopped when the test says so; as test/slack/serve-slack.test.ts runs it. */
function serve(env: Record<string, string>, port = '0') {
  const lines: string[] = [];
  let stop!: () => void;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  const done = new Command('janus')
    .exitOverride()
    .addCommand(
      serveCommand({
        env: { DATAHUB_GMS_URL: sim.url, JANUS_LOG_LEVEL: 'silent', SLACK_API_URL: slack.apiUrl, ...env },
        stdout: { write: (t) => lines.push(t) },
        untilStopped: () => stopped,
      }).exitOverride(),
    )
    .parseAsync(['node', 'janus', 'serve', '--port', port, '--host', '127.0.0.1']);
  return { stop, done, lines };
}

describe('janus serve in Socket Mode', () => {
  it('connects with the bot token and the app token alone, and closes the connection when it stops', async () => {
    const before = socket.connections.length;
    const s = serve({ SLACK_BOT_TOKEN: 'xoxb-serve-test', SLACK_APP_TOKEN: APP_TOKEN });
    await socket.connected(before + 1);
    const { payload, id } = slashPayload(slack, 'trust fraud_detector_v4');
    await socket.send('slash_commands', payload);
    expect(((await slack.posted(id)) as { text: string }).text).toContain(demoScoreLine('fraud'));
    await eventually(() => s.lines.length > 0 || undefined, 'janus serve ready');
    expect(s.lines[0]).toMatch(/^janus serve ready http:\/\/127\.0\.0\.1:\d+\n$/);
    s.stop();
    await s.done;
    await eventually(() => socket.connections[before]!.open === false || undefined, 'the connection closed');
  });

  it('closes the connection it opened when the HTTP side cannot listen (the port taken): no reconnecting zombie', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const before = socket.connections.length;
      const s = serve(
        { SLACK_BOT_TOKEN: 'xoxb-serve-test', SLACK_APP_TOKEN: APP_TOKEN },
        String((taken.address() as AddressInfo).port),
      );
      expect(String(await s.done.catch((e: unknown) => e))).toContain('EADDRINUSE');
      expect(socket.connections.length).toBe(before + 1);
      await eventually(() => socket.connections[before]!.open === false || undefined, 'the connection closed');
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it('does not start when Slack refuses the app-level token, and says in one line which setting to fix', async () => {
    const opened = connectionsOpened();
    const s = serve({ SLACK_BOT_TOKEN: 'xoxb-serve-test', SLACK_APP_TOKEN: 'xapp-1-A0JANUS01-revoked' });
    const err = await s.done.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SlackStartError);
    expect((err as Error).message).toBe(
      'Slack refused the app-level token (apps.connections.open: invalid_auth): check SLACK_APP_TOKEN',
    );
    // refused once, not retried
    expect(connectionsOpened()).toBe(opened + 1);
    expect(s.lines).toEqual([]);
  });

  it('the refusal is the only thing said: nothing logged at warn or above beside it', async () => {
    const lines: string[] = [];
    const logger = createLogger({
      level: 'info',
      format: 'json',
      destination: { write: (l: string) => void lines.push(l) },
    });
    const config = loadConfig({
      env: { SLACK_BOT_TOKEN: 'xoxb-1', SLACK_APP_TOKEN: 'xapp-1-revoked', SLACK_API_URL: slack.apiUrl },
      cwd: '/nonexistent',
    });
    const err = await slackMount({ config, logger, listeners: () => {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SlackStartError);
    const loud = lines.map((l) => JSON.parse(l) as { level: number; msg: string }).filter((l) => l.level >= 40);
    expect(loud).toEqual([]);
  });

  it('refuses a token that is not an app-level token, naming SLACK_APP_TOKEN, before starting anything', () => {
    const refusal = (() => {
      try {
        loadConfig({ env: { SLACK_BOT_TOKEN: 'xoxb-1', SLACK_APP_TOKEN: 'xoxb-1' }, cwd: '/nonexistent' });
      } catch (e) {
        return e;
      }
    })();
    expect(refusal).toBeInstanceOf(ConfigError);
    expect((refusal as Error).message).toContain(
      '- slack.appToken (env SLACK_APP_TOKEN): expected an app-level token starting with xapp-',
    );
  });

  it('redacts an app-level token from any text and from a logged setting', () => {
    const lines: string[] = [];
    const log = createLogger({ format: 'json', destination: { write: (l: string) => void lines.push(l) } });
    log.info({ slack: { appToken: APP_TOKEN }, note: `token ${APP_TOKEN}` }, `starting with ${APP_TOKEN}`);
    expect(lines.join('')).not.toContain(APP_TOKEN.slice(5));
    expect(redactText(`Bearer-less ${APP_TOKEN} here`)).toBe('Bearer-less [redacted] here');
  });
});

describe('janus doctor in Socket Mode', () => {
  const checksWith = (appToken: string) =>
    slackChecks(
      loadConfig({
        env: { SLACK_BOT_TOKEN: 'xoxb-doctor', SLACK_APP_TOKEN: appToken, SLACK_API_URL: slack.apiUrl },
        cwd: '/nonexistent',
      }).slack,
    );

  it('opens a connection with the app-level token, and asks for no signing secret', async () => {
    const checks = await checksWith(APP_TOKEN);
    expect(checks.find((c) => c.name === 'app-level token accepted (Socket Mode)')?.status).toBe('ok');
    expect(checks.map((c) => c.name)).not.toContain('signing secret');
  });

  it('a refused app-level token: ❌ naming SLACK_APP_TOKEN', async () => {
    const check = (await checksWith('xapp-1-revoked')).find((c) => c.name.startsWith('app-level token'));
    expect(check).toMatchObject({ status: 'fail', detail: 'apps.connections.open: invalid_auth' });
    expect(check?.fix).toContain('SLACK_APP_TOKEN');
  });
});
