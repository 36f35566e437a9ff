import type { OnProgress } from '../../core/progress.js';
import type { PlannedWrite } from '../../core/writeback/plan.js';
import type { Logger } from '../../log.js';
import type { ItemAnswer } from '../batch-operation.js';
import type { DataHubClient } from '../client.js';
import { DataHubError } from '../errors.js';
import { backoffMs, sleep } from '../retry.js';
import { LockError, type RedisLocks } from '../../redis/lock.js';
import { withLocks } from './lock.js';
import { describeNeed, refusalMessage, WRITE_PRIVILEGES } from '../privileges.js';
import { WRITE_ORDER, WRITE_SPECS, writeKindOf, type WriteKind, type WriteSpec } from './write-kinds.js';

export interface ApplyDeps {
  client: DataHubClient;
  /** The write-back's locks (`<redis.prefix>:lock:*`), when Redis is configured. */
  locks?: RedisLocks;
  logger?: Logger;
  /**
   * Testing hook: called after every mutation DataHub accepted (used to inject crashes): each alias of a batch that
   * landed, in order, and a `batchAddTags` once for all its models.
   */
  afterWrite?: (count: number) => void;
  /** Writes settled (applied, skipped or failed) of the plan, and how many failed (progress displays). */
  onProgress?: OnProgress;
}

export interface ApplyOutcome {
  write: PlannedWrite;
  status: 'applied' | 'skipped' | 'failed';
  detail?: string;
  /** A write DataHub refused (403): the privilege the token lacks for it (privileges.ts). */
  privilege?: string;
}

/** Which earlier write each kind depends on: when that one fails, the dependent one is not attempted. */
const prerequisite = (w: PlannedWrite): string | undefined => {
  switch (w.kind) {
    case 'addTag':
      return 'createTag';
    case 'setTrust':
      return 'createProperty:score|createProperty:band';
    case 'setReasons':
      return 'createProperty:reasons';
    case 'reportAssertion':
      return `upsertAssertion:${w.urn}`;
    case 'recordAssertion':
      return `reportAssertion:${w.urn}`;
    default:
      return undefined;
  }
};
const idOf = (w: PlannedWrite) =>
  w.kind === 'createProperty'
    ? `createProperty:${w.property}`
    : w.kind === 'upsertAssertion' || w.kind === 'reportAssertion'
      ? `${w.kind}:${w.urn}`
      : w.kind;

const exists = (err: DataHubError) => /already exists/i.test(err.message);
/** A write DataHub answered with its own server error may land when sent again; a refusal (4xx) will not. */
const transient = (err: DataHubError) => (err.status ?? 0) >= 500;
/** GMS's AuthorizationException: the token's user lacks the privilege the mutation checks. */
const forbidden = (err: DataHubError) => err.status === 403;

type Answer = ItemAnswer<unknown> | { status: 'present' };

/**
 * Applies a plan kind by kind (write-kinds.ts: definitions, then datasets, then models), each kind in batches of
 * `client.writeBatch` writes a request (aliases of one mutation, which GMS runs in order), up to `client.concurrency`
 * batches at once. Each write gets its own outcome: DataHub answers each alias, a write it refused with a server
 * error is sent again (alone with the other failed ones, as the client's retry policy says), and a failed write does
 * not stop the independent writes after it; writes that depend on it are skipped. Raising an incident, reporting an
 * assertion result and linking the report re-read DataHub first, once per batch (under Redis locks when Redis is
 * configured), so concurrent or retried scans never duplicate them.
 */
export async function applyPlan(plan: PlannedWrite[], deps: ApplyDeps): Promise<ApplyOutcome[]> {
  const { client } = deps;
  const outcomes: ApplyOutcome[] = new Array(plan.length);
  const failed = new Set<string>();
  let accepted = 0;
  const landed = () => deps.afterWrite?.(++accepted);
  let settled = 0;
  let failures = 0;
  const progress = (status: ApplyOutcome['status']) => {
    if (status === 'failed') failures++;
    deps.onProgress?.({ phase: 'write', done: ++settled, total: plan.length, failures });
  };
  if (plan.length) deps.onProgress?.({ phase: 'write', done: 0, total: plan.length, failures: 0 });
  const settle = (i: number, status: ApplyOutcome['status'], detail?: string) => {
    const w = plan[i]!;
    outcomes[i] = { write: w, status, ...(detail ? { detail } : {}) };
    progress(status);
    if (status !== 'failed') return;
    failed.add(idOf(w));
    deps.logger?.warn({ write: w.kind, err: detail }, 'write-back step failed');
  };
  // refusals are reported once a kind, when the kind is done: a token without a privilege is refused every write
  const refusals = new Map<WriteKind, { count: number; message: string }>();
  const refuse = (i: number, err: DataHubError) => {
    const w = plan[i]!;
    const kind = writeKindOf(w);
    const need = WRITE_PRIVILEGES[kind];
    outcomes[i] = { write: w, status: 'failed', detail: refusalMessage(kind), privilege: need.privilege };
    progress('failed');
    failed.add(idOf(w));
    const seen = refusals.get(kind);
    refusals.set(kind, { count: (seen?.count ?? 0) + 1, message: seen?.message ?? err.message });
  };
  const reportRefusals = (kind: WriteKind) => {
    const refused = refusals.get(kind);
    if (!refused) return;
    const { privilege, what } = WRITE_PRIVILEGES[kind];
    deps.logger?.warn(
      { write: kind, what, privilege, need: describeNeed(kind), refused: refused.count, err: refused.message },
      'DataHub refused a write-back kind: the token lacks its privilege',
    );
  };

  /** Many writes in one alias: a batch that lands settles all its writes; the others are left to write one by one. */
  async function together(spec: WriteSpec, indices: number[]): Promise<number[]> {
    const rest: number[] = [];
    await inPool(chunks(indices, client.writeBatch), client.concurrency, async (chunk) => {
      const answer = await client
        .requestEach(spec.together!.op, [spec.together!.vars(chunk.map((i) => plan[i]!))])
        .then(
          ([a]) => a,
          () => undefined,
        );
      if (answer?.status !== 'landed') return void rest.push(...chunk);
      landed();
      for (const i of chunk) settle(i, 'applied');
    });
    return rest.sort((a, b) => a - b);
  }

  /** One batch: the re-read and the aliased mutation of the writes DataHub does not hold yet. */
  async function send(spec: WriteSpec, chunk: number[]): Promise<Answer[]> {
    const writes = chunk.map((i) => plan[i]!);
    const go = async (): Promise<Answer[]> => {
      const present = spec.guard ? await spec.guard.present(client, writes) : writes.map(() => false);
      const missing = writes.filter((_, n) => !present[n]);
      const answers: Answer[] = spec.ingest
        ? await spec.ingest(client, missing).then(() => missing.map(() => ({ status: 'landed', data: true }) as const))
        : await client.requestEach(
            spec.op,
            missing.map((w) => spec.vars(w)),
          );
      let next = 0;
      return present.map((p) => (p ? { status: 'present' } : answers[next++]!));
    };
    return spec.guard
      ? withLocks(
          deps.locks,
          writes.map((w) => spec.guard!.lock(w)),
          go,
        )
      : go();
  }

  async function applyKind(spec: WriteSpec, indices: number[]): Promise<void> {
    let pending = spec.together ? await together(spec, indices) : indices;
    const tries = new Map<number, number>();
    // the client retries a whole request it may send twice; a guarded write re-reads first, so it may be sent again too
    const mayResend = (err: unknown) =>
      err instanceof LockError ||
      (!!spec.guard &&
        (!spec.op.idempotent || !!spec.ingest) &&
        err instanceof DataHubError &&
        (err.code === 'datahub.unreachable' ||
          err.code === 'datahub.malformed' ||
          (err.code === 'datahub.graphql' && transient(err))));
    for (let round = 0; pending.length; round++) {
      const again: number[] = [];
      let backoff = false;
      // DataHub's own Retry-After (a 503 after its 55 s, a 429), as the client caps it
      let retryAfter = 0;
      const retry = (i: number) => {
        const n = tries.get(i) ?? 0;
        if (n >= client.retry.retries) return false;
        tries.set(i, n + 1);
        again.push(i);
        return (backoff = true);
      };
      await inPool(chunks(pending, client.writeBatch), client.concurrency, async (chunk) => {
        let answers: Answer[];
        try {
          answers = await send(spec, chunk);
        } catch (err) {
          const detail = err instanceof Error ? err.message : String(err);
          retryAfter = Math.max(retryAfter, (err as { afterMs?: number }).afterMs ?? 0);
          // an ingestion request refused as a whole (403): each of its writes refused, once a kind
          if (err instanceof DataHubError && forbidden(err)) for (const i of chunk) refuse(i, err);
          else for (const i of chunk) if (!(mayResend(err) && retry(i))) settle(i, 'failed', detail);
          return;
        }
        chunk.forEach((i, n) => {
          const a = answers[n]!;
          if (a.status === 'landed') {
            landed();
            settle(i, 'applied');
          } else if (a.status === 'present') {
            settle(i, 'skipped', 'already in DataHub');
          } else if (a.status === 'not-run') {
            again.push(i);
          } else if (forbidden(a.error)) {
            refuse(i, a.error); // never sent again: the same token is refused the same write
          } else if (spec.mayExist && exists(a.error)) {
            settle(i, 'skipped', 'already in DataHub'); // created meanwhile, e.g. by a concurrent worker
          } else if (!(transient(a.error) && retry(i))) {
            settle(i, 'failed', a.error.message);
          }
        });
      });
      if (backoff) await (client.retry.sleep ?? sleep)(Math.max(retryAfter, backoffMs(round, client.retry)));
      pending = again.sort((a, b) => a - b);
    }
  }

  const byKind = new Map<WriteKind, number[]>();
  plan.forEach((w, i) => {
    const kind = writeKindOf(w);
    const list = byKind.get(kind);
    if (list) list.push(i);
    else byKind.set(kind, [i]);
  });
  // a kind with no place in the order (the types forbid it; a plan that got past them may hold one) is never sent:
  // reported failed up front, so the writes that depend on it are skipped, never an empty slot
  const ordered = new Set<WriteKind>(WRITE_ORDER);
  for (const [kind, indices] of byKind)
    if (!ordered.has(kind)) for (const i of indices) settle(i, 'failed', notSent(kind));
  for (const kind of WRITE_ORDER) {
    const ready = (byKind.get(kind) ?? []).filter((i) => {
      const blockedBy = prerequisite(plan[i]!)
        ?.split('|')
        .find((p) => failed.has(p));
      if (blockedBy) settle(i, 'skipped', `${blockedBy} failed`);
      return !blockedBy;
    });
    if (ready.length) await applyKind(WRITE_SPECS[kind] as WriteSpec, ready);
    reportRefusals(kind);
  }
  // whatever else leaves a write unsettled, it was not sent: reported failed, never an empty slot
  plan.forEach((_, i) => outcomes[i] ?? settle(i, 'failed', 'not sent: no outcome recorded for it'));
  return outcomes;
}

const notSent = (kind: string) => `not sent: write kind ${kind} has no place in WRITE_ORDER (write-kinds.ts)`;

const chunks = <T>(list: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

/** Runs `fn` over the items, at most `size` at once. */
async function inPool<T>(items: T[], size: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
}
