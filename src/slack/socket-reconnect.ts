import type { SocketModeReceiver } from '@slack/bolt';
import type { Logger } from '../log.js';

type SocketClient = SocketModeReceiver['client'];

/**
 * After the first connection: a reconnect that fails never ends the process. @slack/socket-mode (2.0.7) reconnects
 * by calling `client.start()` and leaves its rejection unhandled (slackapi/node-slack-sdk#2656), so Slack unreachable
 * for a moment (`apps.connections.open` failing at the network or with HTTP 5xx, which it does not retry), a token
 * revoked, or a stop during a reconnect would crash `janus serve` with Node's unhandled rejection. Here such a
 * failure is logged and the client's own reconnect runs again (its wait grows with each failure); during a stop it
 * is dropped. Drops and reconnections are logged at `info`: Slack recycles connections every few hours.
 */
export function keepReconnecting(client: SocketClient, log: Logger, stopping: () => boolean): void {
  const start = client.start.bind(client);
  client.start = async () => {
    try {
      return await start();
    } catch (err) {
      if (!stopping()) {
        const reason = (err as { data?: { error?: string } } | undefined)?.data?.error ?? String(err);
        log.error({ err: reason }, 'Slack connection could not be reopened (Socket Mode): trying again');
        // the client reconnects on `close`, one more step of its back-off later
        client.emit('close');
      }
      // nobody reads what a reconnect resolves with (the client calls `start().then(done)`)
      return undefined as unknown as Awaited<ReturnType<SocketClient['start']>>;
    }
  };
  client.on('reconnecting', () => log.info('Slack connection dropped: reconnecting (Socket Mode)'));
  client.on('connected', () => log.info('Slack connection open (Socket Mode)'));
}
