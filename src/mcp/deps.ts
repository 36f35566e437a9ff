import { janusIncidentsForModel, type JanusIncident } from '../app/incidents.js';
import { judgeModel } from '../app/judge-model.js';
import { writeBackModels, type WriteBackResult } from '../app/write-back.js';
import type { UpstreamGraph } from '../core/graph.js';
import type { JudgePolicy, ModelRef, Verdict } from '../core/verdict.js';
import type { DataHubClient } from '../datahub/client.js';
import { readDownstreamModels } from '../datahub/read-downstream.js';
import { resolveModel } from '../datahub/resolve-model.js';
import type { VerdictHistory } from '../history/index.js';
import type { Logger } from '../log.js';
import type { RedisLocks } from '../redis/lock.js';

/** Everything the MCP tools reach for, injected so the server itself does no I/O until a tool is called. */
export interface JanusMcpDeps {
  /** Read, judge and find the blast radius of one model, by urn or name. */
  judge(ref: string): Promise<{ verdict: Verdict; graph: UpstreamGraph }>;
  /** A model by urn or name; ambiguity is an error listing the candidates. */
  resolve(ref: string): Promise<ModelRef>;
  /** Every ML model downstream of a dataset. */
  downstream(dataset: string): Promise<ModelRef[]>;
  /** Janus's incidents on the datasets upstream of the model. */
  incidents(ref: string): Promise<JanusIncident[]>;
  /** Judge and write the evidence back to DataHub. */
  writeBack(models: string[]): Promise<WriteBackResult>;
  history: VerdictHistory;
  /** `scan_model` may write only when this is set (`mcp.allowWrites`). */
  allowWrites: boolean;
  logger?: Logger;
  version?: string;
}

export interface LiveDepsOptions {
  client: DataHubClient;
  policy: JudgePolicy;
  history: VerdictHistory;
  allowWrites: boolean;
  logger?: Logger;
  version?: string;
  /** The write-back's locks, when Redis is configured. */
  locks?: RedisLocks;
  /** Base URL of Janus's HTTP server, for the report links the write-back records. */
  reportBaseUrl?: string;
  now?: () => number;
}

/** The deps wired to the real use cases and DataHub. */
export function liveMcpDeps(o: LiveDepsOptions): JanusMcpDeps {
  const judgeDeps = { client: o.client, policy: o.policy, ...(o.now ? { now: o.now } : {}) };
  return {
    judge: (ref) => judgeModel(judgeDeps, ref),
    resolve: (ref) => resolveModel(o.client, ref),
    downstream: async (dataset) => (await readDownstreamModels(o.client, [dataset]))[dataset] ?? [],
    incidents: (ref) => janusIncidentsForModel(judgeDeps, ref),
    writeBack: (models) =>
      writeBackModels(
        {
          ...judgeDeps,
          ...(o.locks ? { locks: o.locks } : {}),
          ...(o.reportBaseUrl ? { reportBaseUrl: o.reportBaseUrl } : {}),
          ...(o.logger ? { logger: o.logger } : {}),
        },
        models,
      ),
    history: o.history,
    allowWrites: o.allowWrites,
    ...(o.logger ? { logger: o.logger } : {}),
    ...(o.version ? { version: o.version } : {}),
  };
}
