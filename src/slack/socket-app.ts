import { SocketModeReceiver, type App, type Logger as BoltLogger } from '@slack/bolt';
import { boltApp, SLACK_RETRY, startError, type SlackAppBaseOptions } from './bolt-app.js';
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
