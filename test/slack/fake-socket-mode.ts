import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';
import { BOT, type FakeSlack } from './fake-slack.js';

/** What the app sends back for an envelope: its id, and what it answers (a slash command's reply, a view's errors). */
export interface Ack {
  envelope_id: string;
  payload?: Record<string, unknown>;
}

/** The kinds of envelope Slack sends in Socket Mode (docs.slack.dev, "Using Socket Mode"). */
export type EnvelopeType = 'slash_commands' | 'interactive' | 'events_api';

/**
 * Slack's Socket Mode on a fake Slack: `apps.connections.open`, authorised by the app-level token in the
 * Authorization header (a bot token gets `not_allowed_token_type`, another `invalid_auth`), answers a one-time
 * `ws://` URL served here; a connection there gets `hello`, then the envelopes a test sends, and its acks come back.
 */
export interface FakeSocketMode {
  /** Connections opened, oldest first (a reconnect is a new one); `open` while it is. */
  connections: { ticket: string; open: boolean }[];
  /** Every ack the app sent, in order. */
  acks: Ack[];
  /** Resolves once `count` connections have been opened and greeted (default 1). */
  connected(count?: number): Promise<void>;
  /** Sends an envelope on the open connection; resolves with the app's ack of it. */
  send(type: EnvelopeType, payload: Record<string, unknown>, opts?: { acceptsResponsePayload?: boolean }): Promise<Ack>;
  /** Slack recycling the connection: a `disconnect` message (`refresh_requested`), then the socket closed. */
  refresh(): void;
  close(): Promise<void>;
}

/** An Events API envelope's payload around `event`, as Slack wraps it (`event_callback`). */
export function eventCallback(event: Record<string, unknown>): Record<string, unknown> {
  return {
    token: 'legacy-verification-token',
    team_id: BOT.teamId,
    api_app_id: 'A0JANUS01',
    type: 'event_callback',
    event_id: `Ev${randomUUID().replaceAll('-', '').slice(0, 10)}`,
    event_time: Math.floor(Date.now() / 1000),
    event: { event_ts: `${Date.now() / 1000}`, ...event },
  };
}

export async function withSocketMode(fake: FakeSlack, appToken: string): Promise<FakeSocketMode> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => wss.once('listening', resolve));
  const wsUrl = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`;
  const tickets = new Set<string>();
  const pending = new Map<string, (ack: Ack) => void>();
  const greeted: (() => void)[] = [];
  let socket: WebSocket | undefined;

  fake.methods['apps.connections.open'] = (_body, headers) => {
    const token = /^Bearer (\S+)$/.exec(headers.authorization ?? '')?.[1];
    if (!token) return { ok: false, error: 'not_authed' };
    if (token.startsWith('xoxb-')) return { ok: false, error: 'not_allowed_token_type' };
    if (token !== appToken) return { ok: false, error: 'invalid_auth' };
    const ticket = randomUUID();
    tickets.add(ticket);
    return { ok: true, url: `${wsUrl}/link/?ticket=${ticket}&app_id=A0JANUS01` };
  };

  wss.on('connection', (ws, req) => {
    const ticket = new URL(req.url ?? '/', wsUrl).searchParams.get('ticket') ?? '';
    // a URL is good for one connection
    if (!tickets.delete(ticket)) {
      fake.unexpected.push(`Socket Mode connection without a valid ticket: ${req.url}`);
      return ws.close(4001, 'invalid ticket');
    }
    const connection = { ticket, open: true };
    mode.connections.push(connection);
    socket = ws;
    ws.on('message', (data) => {
      const ack = JSON.parse(String(data)) as Ack;
      mode.acks.push(ack);
      const resolve = pending.get(ack.envelope_id);
      if (!resolve) return void fake.unexpected.push(`ack of an unknown envelope: ${String(data)}`);
      pending.delete(ack.envelope_id);
      resolve(ack);
    });
    ws.on('close', () => (connection.open = false));
    ws.send(
      JSON.stringify({
        type: 'hello',
        num_connections: 1,
        debug_info: { host: 'applink-fake', build_number: 1, approximate_connection_time: 18060 },
        connection_info: { app_id: 'A0JANUS01' },
      }),
    );
    greeted.splice(0).forEach((f) => f());
  });

  const mode: FakeSocketMode = {
    connections: [],
    acks: [],
    async connected(count = 1) {
      while (mode.connections.length < count) await new Promise<void>((resolve) => greeted.push(resolve));
    },
    send(type, payload, opts = {}) {
      if (!socket || socket.readyState !== WebSocket.OPEN)
        return Promise.reject(new Error('no open Socket Mode connection'));
      const envelope_id = randomUUID();
      const acked = new Promise<Ack>((resolve) => pending.set(envelope_id, resolve));
      socket.send(
        JSON.stringify({
          envelope_id,
          type,
          payload,
          accepts_response_payload: opts.acceptsResponsePayload ?? type !== 'events_api',
          ...(type === 'events_api' ? { retry_attempt: 0, retry_reason: '' } : {}),
        }),
      );
      return acked;
    },
    refresh() {
      socket?.send(
        JSON.stringify({ type: 'disconnect', reason: 'refresh_requested', debug_info: { host: 'applink-fake' } }),
      );
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const ws of wss.clients) ws.terminate();
        wss.close(() => resolve());
      }),
  };
  return mode;
}
