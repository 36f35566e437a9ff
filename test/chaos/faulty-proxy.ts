import http from 'node:http';
import { faultPicker, type FaultKind } from '@janus/datahub-sim';
import { listenLocal } from '../support/listen-local.js';

/**
 * A DataHub that fails: a proxy in front of the simulator that fails a share of /api/graphql and /aspects (ingestion)
 * requests the way the simulator's own fault controls do (src/sim/faults.ts: a 500, no answer at all, a 200 whose
 * body is not JSON), seeded, so that a clean scan can then go to the simulator itself, past the proxy.
 */
export interface FaultyProxy {
  url: string;
  /** Requests failed, by kind. */
  injected: Record<FaultKind, number>;
  requests: number;
  /** DataHub stopped (as under SIGSTOP): from now on no request is answered, none is refused. */
  stop(): void;
  close(): Promise<void>;
}

export async function startFaultyProxy(
  target: string,
  failRate: number,
  seed: number,
  /** The faults to pick from: `['timeout']` hangs the share `failRate` of the requests. */
  kinds: readonly FaultKind[] = ['500', 'timeout', 'malformed'],
): Promise<FaultyProxy> {
  const pick = faultPicker({ failRate, seed, kinds });
  const state = {
    stopped: false,
    requests: 0,
    injected: { '500': 0, timeout: 0, malformed: 0, '429': 0 } as Record<FaultKind, number>,
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      state.requests++;
      if (state.stopped) return;
      const fault = req.url?.startsWith('/api/graphql') || req.url?.startsWith('/aspects') ? pick() : null;
      if (fault) state.injected[fault]++;
      if (fault === 'timeout') return; // never answered: the client times out
      if (fault === '500') {
        res.writeHead(500, { 'content-type': 'application/json' });
        return void res.end('{"errors":[{"message":"injected"}]}');
      }
      void fetch(`${target}${req.url}`, {
        method: req.method ?? 'POST',
        headers: {
          'content-type': String(req.headers['content-type'] ?? 'application/json'),
          ...(req.headers['x-restli-protocol-version']
            ? { 'x-restli-protocol-version': String(req.headers['x-restli-protocol-version']) }
            : {}),
        },
        body: req.method === 'GET' ? undefined : Buffer.concat(chunks),
      })
        .then(async (r) => {
          const text = await r.text();
          res.writeHead(r.status, { 'content-type': r.headers.get('content-type') ?? 'application/json' });
          // a malformed answer: the real one, cut short (the write behind it may have landed)
          res.end(fault === 'malformed' ? text.slice(0, Math.floor(text.length / 2)) : text);
        })
        .catch(() => res.destroy());
    });
  });
  const { url, close } = await listenLocal(server);
  return {
    url,
    get injected() {
      return state.injected;
    },
    get requests() {
      return state.requests;
    },
    stop: () => void (state.stopped = true),
    close,
  };
}
