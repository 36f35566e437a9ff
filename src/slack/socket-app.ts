import { SocketModeReceiver, type App, type Logger as BoltLogger, type ReceiverEvent } from '@slack/bolt';
import { boltApp, SLACK_RETRY, startError, type SlackAppBaseOptions } from './bolt-app.js';
import { socketPayloadProblem } from './request-schemas.js';
import { keepReconnecting } from './socket-reconnect.js';

export interface SocketSlackAppOptions extends SlackAppBaseOptions {
  /** The app-level token (`xapp-`, scope `connections:write`): it opens the connection, nothing else. */
  appToken: string;
  /**
   * How long the socket client waits for a pong (ms). It is also the step of its reconnect back-off (one step
   * after a first drop, two after a second failure, ...): @slack/socket-mode's 5 s unless a test shortens it.
   */
  pingTimeoutMs?: number;
}

export interface SocketSlackApp {
  app: App;
  /**
   * Checks the bot token (`auth.test`), then opens the connection (`apps.connections.open` with the app token) and
   * resolves once Slack says hello. A refused token rejects with a `SlackStartError` naming its setting.
   */
  start(): Promise<void>;
  /** Closes the connection (no reconnect); waits at most `STOP_WAIT_MS` for Slack to close its side. */
  stop(): Promise<void>;
}

/** Slack's side of the close handshake is waited for this long, then the socket is left to close on its own. */
const STOP_WAIT_MS = 2000;

/**
 * Janus's Slack app in Socket Mode: Bolt with its SocketModeReceiver, so Slack needs no URL of Janus's and
 * requests are not signed (the connection is authenticated by the app token). Listeners as in HTTP mode.
 */
export function createSocketSlackApp(opts: SocketSlackAppOptions): SocketSlackApp {
  let receiver!: SocketModeReceiver;
  let started = false;
  let stopping = false;
  const { app, log, init } = boltApp(opts, (logger) => {
    receiver = new SocketModeReceiver({
      appToken: opts.appToken,
      logger: refusalSaidOnce(logger, () => started),
      ...(opts.pingTimeoutMs ? { clientPingTimeout: opts.pingTimeoutMs } : {}),
      // apps.connections.open goes where the Web API goes, retried as Janus retries (the client's own retries 100 times)
      installerOptions: {
        clientOptions: { ...(opts.apiUrl ? { slackApiUrl: opts.apiUrl } : {}), retryConfig: SLACK_RETRY },
      },
    });
    guardPayloads(receiver, logger);
    return receiver;
  });
  return {
    app,
    async start() {
      await init();
      try {
        await app.start();
      } catch (err) {
        throw startError(
          err,
          { method: 'apps.connections.open', token: 'app-level token', setting: 'SLACK_APP_TOKEN' },
          opts.apiUrl,
        );
      }
      started = true;
      keepReconnecting(receiver.client, log, () => stopping);
    },
    async stop() {
      stopping = true;
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, STOP_WAIT_MS).unref()));
      await Promise.race([receiver.client.disconnect(), waited]);
      clearTimeout(timer);
    },
  };
}

/**
 * The socket client logs a refused `apps.connections.open` as an error before it throws; at start the throw becomes
 * the one line that says which setting to fix, so that log goes to debug. Once started, it is an error again.
 */
function refusalSaidOnce(logger: BoltLogger, started: () => boolean): BoltLogger {
  return {
    ...logger,
    error: (...parts: unknown[]) =>
      !started() && typeof parts[0] === 'string' && parts[0].startsWith('Failed to retrieve a new WSS URL')
        ? logger.debug(...parts)
        : logger.error(...parts),
  };
}

/**
 * Envelopes are checked as signed requests are (src/server/slack-request-guard.ts), before Bolt routes them: one
 * Bolt cannot route (an event `null`, `actions` a string, a view missing) is acked, so Slack does not send it again,
 * and said in one line, instead of failing inside Bolt unacked.
 */
function guardPayloads(receiver: SocketModeReceiver, logger: BoltLogger): void {
  const init = receiver.init.bind(receiver);
  receiver.init = (app: App) =>
    init(
      new Proxy(app, {
        get(target, key, self) {
          if (key !== 'processEvent') return Reflect.get(target, key, self) as unknown;
          return async (event: ReceiverEvent) => {
            const why = socketPayloadProblem(event.body);
            if (!why) return target.processEvent(event);
            logger.warn(`Slack request Janus cannot use: ${why}`);
            await event.ack();
          };
        },
      }),
    );
}
