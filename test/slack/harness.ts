import { judgeModel } from '../../src/app/judge-model.js';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll } from 'vitest';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { judgePolicy, loadConfig, type Config } from '../../src/config/index.js';
import { createDataHubClient } from '../../src/datahub/client.js';
import { MemoryVerdictHistory, type VerdictHistory } from '../../src/history/index.js';
import { createLogger } from '../../src/log.js';
import { createJanusServer, listen } from '../../src/server/index.js';
import { SLACK_PATH } from '../../src/slack/bolt-app.js';
import { slackListeners } from '../../src/compose/slack.js';
import { slackMount } from '../../src/compose/slack-mount.js';
import { startFakeSlack, type FakeSlack } from './fake-slack.js';

export const SECRET = 'test-signing-secret-8f742231b10e';

export interface JanusWithSlack {
  url: string;
  config: Config;
  /** Where Slack posts: `<url>/slack/events` (nothing is mounted there in Socket Mode). */
  endpoint: string;
  history: VerdictHistory;
  /** Janus's log lines (JSON). */
  logs: () => Record<string, unknown>[];
  close(): Promise<void>;
}

/**
 * Janus's HTTP server with the Slack app mounted, wired as `janus serve` wires it (config from env, the same
 * mount), against a DataHub (the simulator) and a fake Slack; listening on a free port. With `SLACK_APP_TOKEN` in
 * `env`, Slack is in Socket Mode: connected to the fake's socket (test/slack/fake-socket-mode.ts), nothing mounted.
 */
export async function startJanusWithSlack(opts: {
  datahub: string;
  slack: FakeSlack;
  history?: VerdictHistory;
  env?: Record<string, string>;
  /** Redis under `JANUS_REDIS_PREFIX` (env): snoozes, watches, cycle requests, the alerts' state, as `janus serve` has them. */
  redis?: Redis;
  /** DataHub's UI for links (`JANUS_DATAHUB_UI_URL`); null: none configured. */
  datahubUi?: string | null;
  /** Where reports are linked (default: this server's own URL). */
  reportBaseUrl?: string;
  /** Socket Mode (with `SLACK_APP_TOKEN` in `env`): the client's ping timeout and reconnect step, shortened. */
  socketPingTimeoutMs?: number;
}): Promise<JanusWithSlack> {
  const ui = opts.datahubUi === undefined ? 'http://datahub-ui.test:9002' : opts.datahubUi;
  const config = loadConfig({
    env: {
      DATAHUB_GMS_URL: opts.datahub,
      SLACK_BOT_TOKEN: 'xoxb-test-token',
      SLACK_SIGNING_SECRET: SECRET,
      SLACK_API_URL: opts.slack.apiUrl,
      ...(ui ? { JANUS_DATAHUB_UI_URL: ui } : {}),
      ...opts.env,
    },
    cwd: '/nonexistent',
  });
  const lines: string[] = [];
  const logger = createLogger({
    level: 'debug',
    format: 'json',
    destination: { write: (l: string) => void lines.push(l) },
  });
  const client = createDataHubClient({
    url: config.datahub.url,
    timeoutMs: config.datahub.timeoutMs,
    retry: { retries: config.datahub.retries },
  });
  const judge = { client, policy: judgePolicy(config.judge) };
  const history = opts.history ?? new MemoryVerdictHistory();
  let base = '';
  const slack = await slackMount({
    config,
    logger,
    ...(opts.socketPingTimeoutMs ? { socketPingTimeoutMs: opts.socketPingTimeoutMs } : {}),
    listeners: slackListeners({
      config,
      judge,
      history,
      logger,
      reportBaseUrl: () => opts.reportBaseUrl ?? base,
      ...(opts.redis ? { redis: opts.redis } : {}),
    }),
  });
  if (!slack) throw new Error('Slack did not start');
  const janus = createJanusServer({
    judge: (ref) => judgeModel(judge, ref),
    // as janus serve lists them: the page a long /janus at-risk links for its rest
    atRisk: async () => (await history.latest()).filter((s) => s.band !== 'trusted'),
    logger,
    mounts: slack.mount ? [slack.mount] : [],
  });
  const running = await listen(janus.server, 0, '127.0.0.1');
  base = running.url;
  return {
    url: running.url,
    config,
    endpoint: `${running.url}${SLACK_PATH}`,
    history,
    logs: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>),
    close: async () => {
      await slack.close();
      janus.server.closeAllConnections();
      return running.close();
    },
  };
}

/** The demo simulator, the fake Slack and Janus with its Slack app: started before a file's tests, closed after. */
export interface SlackBed {
  sim: RunningSim;
  slack: FakeSlack;
  janus: JanusWithSlack;
}

export function useSlackBed(): SlackBed {
  const bed = {} as SlackBed;
  beforeAll(async () => {
    bed.sim = await startSim({ demo: true, port: 0 });
    bed.slack = await startFakeSlack();
    bed.janus = await startJanusWithSlack({ datahub: bed.sim.url, slack: bed.slack });
  });
  afterAll(async () => {
    await bed.janus.close();
    await bed.slack.close();
    await bed.sim.close();
  });
  return bed;
}
