import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendEmpty, sendJson, sendText } from '../http/responses.js';
import { simSchema } from '../schema/execute.js';
import { exportStoreText } from '../store/export.js';
import type { DataHubRelease } from '../release/releases.js';
import type { Store } from '../store/store.js';
import type { StatsCounter } from './stats.js';
import { parseWriteFault, type WriteFaults } from './write-faults.js';

type Answer = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;
/** Path → method → answer. */
export type ControlRoutes = Record<string, Record<string, Answer>>;

/** The simulator's own routes (`/__sim/*`): outside /api/graphql, never counted in its stats, open without a token. */
export function controlRoutes(
  stats: StatsCounter,
  store: Store,
  writeFaults: WriteFaults,
  release: DataHubRelease = 'current',
): ControlRoutes {
  const mutationFields = Object.keys(simSchema(release).getMutationType()?.getFields() ?? {});
  return {
    '/__sim/stats': { GET: (_req, res) => sendJson(res, 200, stats.snapshot()) },
    '/__sim/stats/reset': {
      POST: (_req, res) => {
        stats.reset();
        sendEmpty(res, 204);
      },
    },
    '/__sim/export': { GET: (_req, res) => sendText(res, 200, exportStoreText(store)) },
    '/__sim/write-faults': {
      GET: (_req, res) => sendJson(res, 200, writeFaults.list()),
      POST: async (req, res) => {
        const fault = parseWriteFault(await readBody(req), mutationFields);
        if (typeof fault === 'string') return sendJson(res, 400, { error: fault });
        writeFaults.plant(fault);
        sendEmpty(res, 204);
      },
    },
    '/__sim/write-faults/reset': {
      POST: (_req, res) => {
        writeFaults.clear();
        sendEmpty(res, 204);
      },
    },
  };
}
