import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendEmpty, sendJson, sendText } from '../http/responses.js';
import { simSchema } from '../schema/execute.js';
import { exportStoreText } from '../store/export.js';
import type { DataHubRelease } from '../release/releases.js';
import type { Store } from '../store/store.js';
import type { StatsCounter } from './stats.js';
import { parseWriteFault, type WriteFaults } from './write-faults.js';
import { faultableFields, parseFieldFault, type FieldFaults } from './field-faults.js';
import { parseSlowAnswer, type SlowAnswers } from './slow-answers.js';
import { parseThrottle, type Throttle } from './throttle.js';
import type { RequestLog } from './request-log.js';

/** The failures tests plant. */
export interface PlantedFaults {
  writeFaults: WriteFaults;
  fieldFaults: FieldFaults;
  slowAnswers: SlowAnswers;
  throttle: Throttle;
  requestLog: RequestLog;
}

type Answer = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;
/** Path → method → answer. */
export type ControlRoutes = Record<string, Record<string, Answer>>;

/** The simulator's own routes (`/__sim/*`): outside /api/graphql, never counted in its stats, open without a token. */
export function controlRoutes(
  stats: StatsCounter,
  store: Store,
  planted: PlantedFaults,
  release: DataHubRelease = 'current',
): ControlRoutes {
  const { writeFaults, fieldFaults, slowAnswers, throttle, requestLog } = planted;
  const schema = simSchema(release);
  const mutationFields = Object.keys(schema.getMutationType()?.getFields() ?? {});
  const rootFields = [...Object.keys(schema.getQueryType()?.getFields() ?? {}), ...mutationFields];
  const entityFields = faultableFields(schema);
  return {
    '/__sim/stats': { GET: (_req, res) => sendJson(res, 200, stats.snapshot()) },
    '/__sim/requests': { GET: (_req, res) => sendJson(res, 200, requestLog.list()) },
    '/__sim/stats/reset': {
      POST: (_req, res) => {
        stats.reset();
        requestLog.clear();
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
    '/__sim/field-faults': {
      GET: (_req, res) => sendJson(res, 200, fieldFaults.list()),
      POST: async (req, res) => {
        const fault = parseFieldFault(await readBody(req), entityFields);
        if (typeof fault === 'string') return sendJson(res, 400, { error: fault });
        fieldFaults.plant(fault);
        sendEmpty(res, 204);
      },
    },
    '/__sim/field-faults/reset': {
      POST: (_req, res) => {
        fieldFaults.clear();
        sendEmpty(res, 204);
      },
    },
    '/__sim/slow-answers': {
      GET: (_req, res) => sendJson(res, 200, slowAnswers.list()),
      POST: async (req, res) => {
        const slow = parseSlowAnswer(await readBody(req), rootFields);
        if (typeof slow === 'string') return sendJson(res, 400, { error: slow });
        slowAnswers.plant(slow);
        sendEmpty(res, 204);
      },
    },
    '/__sim/slow-answers/reset': {
      POST: (_req, res) => {
        slowAnswers.clear();
        sendEmpty(res, 204);
      },
    },
    '/__sim/throttle': {
      GET: (_req, res) => sendJson(res, 200, throttle.pending),
      POST: async (req, res) => {
        const planned = parseThrottle(await readBody(req));
        if (typeof planned === 'string') return sendJson(res, 400, { error: planned });
        throttle.plant(planned.times, planned.retryAfterSeconds);
        sendEmpty(res, 204);
      },
    },
  };
}
