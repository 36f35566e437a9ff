/** What the parent asks a Janus child process to do, and what the child reports back over IPC. */

export type JanusJob =
  /** `janus trust <model>`: judge one model. */
  | { task: 'trust'; url: string; model: string; now: number }
  /** `janus scan --all`, with `--dry-run` unless `write`. */
  | { task: 'scan'; url: string; write: boolean; now: number }
  /** The read phase alone: Janus's catalog read (readCatalog), at Janus's batch size unless `batch` says. */
  | { task: 'read'; url: string; batch?: number };

export interface TrustOutcome {
  model: string;
  score: number;
  band: string;
  findings: number;
  upstreamCount: number;
}

export type ChildMessage =
  /** After each model judged; `total` 0 when not known up front. */
  | {
      kind: 'progress';
      done: number;
      total: number;
      sent: number;
      elapsedMs: number;
      cpuMs: number;
      maxRssKb: number;
      firstJudgedMs: number;
    }
  | {
      kind: 'done';
      /** Wall time of the judgment itself (process start and module loading excluded). */
      ms: number;
      /** CPU time Janus spent in that time (user + system): the rest is waiting on DataHub. */
      cpuMs: number;
      /** Scans: time until the first model was judged (the catalog read). */
      firstJudgedMs?: number;
      /** Requests the Janus client sent, by operation (retries included). */
      sent: Record<string, number>;
      maxRssKb: number;
      models: number;
      trust?: TrustOutcome;
      /** Scans: writes planned (in all and by kind, with the writes per request), and (without --dry-run) applied and failed. */
      writes?: { planned: number; applied: number; failed: number; byKind?: Record<string, number>; batch?: number };
      /** Reads: entities read. */
      entities?: number;
    }
  /** The use case is not implemented yet (write-back before issue 4 lands). */
  | { kind: 'pending'; reason: string }
  | { kind: 'error'; message: string };

export const totalSent = (sent: Record<string, number>): number => Object.values(sent).reduce((a, b) => a + b, 0);
