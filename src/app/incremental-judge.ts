import type { UpstreamGraph } from '../core/graph.js';
import { deadlinesPassed, freshnessDeadlines } from '../core/freshness-deadlines.js';
import type { CauseAcceptance, JudgedModelState, LiveCause } from '../core/transitions.js';
import { JudgmentSession } from '../core/session.js';
import { assess, verdictOf, type ModelRef, type Verdict } from '../core/verdict.js';
import { Catalog } from '../core/catalog.js';
import type { DataHubClient } from '../datahub/client.js';
import { deadlinePassed } from '../datahub/errors.js';
import { listModels } from '../datahub/read-catalog.js';
import { movingFacts, readChanges, type MovingFacts } from '../datahub/read-changes.js';
import { readNeeded } from '../datahub/read-needed.js';
import { EntityCache } from '../datahub/entity-cache.js';
import { keyOf } from '../core/writeback/conventions.js';
import type { JudgeDeps } from './judge-model.js';
import { unreadByModel, type OnJudged } from './judge-catalog.js';

export interface IncrementalJudgeOptions {
  /** Re-read the whole catalog when the last full read is this old (ms): what the change probe cannot see. */
  refreshMs: number;
  probeBatch?: number;
}

/** One cycle's judgment: which models were judged again, and the catalog-wide state after it. */
export interface JudgedCycle {
  full: boolean;
  /** Entities read again because DataHub said they moved. */
  changed: string[];
  /** Models in the catalog. */
  models: number;
  /** The models judged this cycle, in catalog order. */
  judged: JudgedModelState[];
  /** Every root cause live in the catalog after this cycle. */
  live: Map<string, LiveCause>;
  /** Root causes still found but accepted by a person, in force (docs/accepted-risk.md): not live, not cleared. */
  accepted: Map<string, CauseAcceptance>;
  catalog: Catalog;
  cache: EntityCache;
}

interface CauseFacts {
  dataset: string;
  detector: string;
  severity: string;
  message: string;
}

/**
 * The service's view of the catalog, kept between cycles. A cycle re-reads only what moved: the model list, then a
 * probe of every entity's moving facts (last ingestion, operations, runs, assertion results, incidents); entities
 * whose answer differs are read again in full, and only the models reading them (or a table whose SLA deadline
 * passed) are judged again. Every `refreshMs` the whole catalog is read and judged afresh.
 * Not thread-safe across processes by design: each worker keeps its own, and any failure drops it (`reset`).
 */
export class IncrementalJudge {
  private cache: EntityCache = new EntityCache();
  private catalog?: Catalog;
  private facts = new Map<string, MovingFacts>();
  private deadlines = new Map<string, number>();
  private causesOf = new Map<string, string[]>();
  private causeFacts = new Map<string, CauseFacts>();
  /** Each judged model's accepted root causes (findings on datasets an acceptance in force covers). */
  private acceptedOf = new Map<string, Map<string, CauseAcceptance>>();
  /** Each judged model's first acceptance end (ms): the model is judged again once it passes, as at a deadline. */
  private acceptanceEnds = new Map<string, number>();
  private refs = new Map<string, ModelRef>();
  private keys = new Map<string, string>();
  private lastFull = -Infinity;
  /** The instant the last judgment was made at (the clock, or `judge.asOf`). */
  private judgedAt = -Infinity;
  /**
   * What a cycle cut short by its deadline left to the next: a whole-catalog read in progress (what it read stands and
   * the next full cycle reads on from it), entities to read again as if they had changed, models to judge again.
   */
  private carried: { full?: FullRead; entities: Set<string>; models: Set<string> } = {
    entities: new Set(),
    models: new Set(),
  };

  constructor(
    private readonly deps: JudgeDeps,
    private readonly options: IncrementalJudgeOptions,
  ) {}

  /** Whether a cycle at `now` reads and judges the whole catalog (the first one, or a refresh is due). */
  fullDue(now: number): boolean {
    return !this.catalog || now - this.lastFull >= this.options.refreshMs;
  }

  /** Forget everything: the next cycle reads and judges the whole catalog. */
  reset(): void {
    this.catalog = undefined;
    this.lastFull = -Infinity;
    this.carried = { entities: new Set(), models: new Set() };
  }

  /** Models judged by a cycle whose write-back was not planned or sent (its deadline passed): judged again next cycle. */
  judgeAgain(models: string[]): void {
    for (const m of models) this.carried.models.add(m);
  }

  /**
   * Judges what changed since the last cycle (everything on the first, or when a full refresh is due), each verdict
   * going to `onJudged`. `alsoJudge`: models to judge again whatever moved (their last write-back did not land).
   */
  async cycle(
    now: number,
    onJudged?: OnJudged,
    alsoJudge: string[] = [],
    forceFull = false,
    /** The client to read with (the cycle's, bounded by its deadline). */
    client: DataHubClient = this.deps.client,
  ): Promise<JudgedCycle> {
    try {
      const full = forceFull || this.fullDue(now);
      return full
        ? await this.fullCycle(now, onJudged, client)
        : await this.changedCycle(now, onJudged, [...alsoJudge, ...this.carried.models], client);
    } catch (err) {
      // a deadline that cut the reads short leaves what they read, and what is left to read, to the next cycle
      if (!deadlinePassed(err)) this.reset();
      throw err;
    }
  }

  private async fullCycle(now: number, onJudged: OnJudged | undefined, client: DataHubClient): Promise<JudgedCycle> {
    // a read cut short is read on from where it stopped, unless it began a refresh period ago
    const resumed = this.carried.full && now - this.carried.full.startedAt < this.options.refreshMs;
    const read: FullRead = resumed
      ? this.carried.full!
      : { cache: new EntityCache(), facts: new Map(), startedAt: now };
    this.carried.full = read;
    const { cache, facts } = read;
    const urns = await listModels(client);
    if (resumed) forgetUnlisted(cache, urns);
    await readNeeded(client, urns, cache, {
      observe: (raw) => facts.set(raw.urn, movingFacts(raw)),
      resume: !!resumed,
    });
    const catalog = new Catalog(cache);
    this.cache = cache;
    this.facts = facts;
    this.catalog = catalog;
    this.lastFull = read.startedAt;
    this.carried = { entities: new Set(), models: new Set() };
    const models = catalog.models();
    const judged = await this.judge(models, now, onJudged);
    // models gone from the catalog take their causes with them
    const listed = new Set(models.map((m) => m.urn));
    for (const urn of this.causesOf.keys()) if (!listed.has(urn)) this.causesOf.delete(urn);
    for (const urn of this.acceptedOf.keys()) if (!listed.has(urn)) this.acceptedOf.delete(urn);
    for (const urn of this.acceptanceEnds.keys()) if (!listed.has(urn)) this.acceptanceEnds.delete(urn);
    return this.result(true, [], models.length, judged);
  }

  private async changedCycle(
    now: number,
    onJudged: OnJudged | undefined,
    alsoJudge: string[],
    client: DataHubClient,
  ): Promise<JudgedCycle> {
    const carried = this.carried;
    // what the cycle has taken on so far: on a deadline, left to the next one (probed or not, these are read again)
    const progress = { rereading: [...carried.entities], affected: new Set(alsoJudge) };
    try {
      const judged = await this.readChanged(now, onJudged, alsoJudge, client, progress);
      this.carried = { entities: new Set(), models: new Set() };
      return judged;
    } catch (err) {
      for (const urn of progress.rereading) carried.entities.add(urn);
      for (const m of progress.affected) carried.models.add(m);
      throw err;
    }
  }

  private async readChanged(
    now: number,
    onJudged: OnJudged | undefined,
    alsoJudge: string[],
    client: DataHubClient,
    progress: { rereading: string[]; affected: Set<string> },
  ): Promise<JudgedCycle> {
    const before = this.catalog!;
    const carried = progress.rereading;
    const listed = await listModels(client);
    const known = new Set(before.models().map((m) => m.urn));
    const added = listed.filter((m) => !known.has(m));
    const listedSet = new Set(listed);
    const removed = [...known].filter((m) => !listedSet.has(m));
    const probed = await readChanges(client, this.facts, this.options.probeBatch);
    // entities DataHub failed to answer for last time are asked again, as if they had changed
    const unread = [...this.cache.unread.keys()];
    for (const urn of unread) this.cache.unread.delete(urn);
    const changed = [...new Set([...probed.judged, ...unread, ...removed, ...carried])];
    const affected = new Set<string>(alsoJudge.filter((m) => known.has(m)));
    progress.affected = affected;
    let catalog = before;
    if (changed.length || added.length || probed.evidence.length) {
      for (const urn of changed) for (const m of before.modelsJudging(urn)) affected.add(m);
      // a Janus incident that left the ACTIVE list (a person resolved it): its models' plan decides whether it sticks
      const openBefore = new Map(probed.evidence.map((urn) => [urn, openJanusIncidents(this.cache, urn)]));
      progress.rereading = [...changed, ...probed.evidence];
      for (const urn of [...changed, ...probed.evidence]) {
        this.cache.delete(urn);
        this.facts.delete(urn);
      }
      const gone = new Set(removed);
      const reread = [...changed, ...probed.evidence].filter((u) => !gone.has(u));
      await readNeeded(client, [...reread, ...added], this.cache, {
        observe: (raw) => this.facts.set(raw.urn, movingFacts(raw)),
      });
      for (const urn of removed) {
        this.causesOf.delete(urn);
        this.acceptedOf.delete(urn);
        this.acceptanceEnds.delete(urn);
      }
      catalog = this.catalog = new Catalog(this.cache);
      for (const urn of [...changed, ...added]) for (const m of catalog.modelsJudging(urn)) affected.add(m);
      for (const [urn, open] of openBefore) {
        const now = new Set(openJanusIncidents(this.cache, urn));
        if (open.some((i) => !now.has(i))) for (const m of catalog.modelsReading(urn)) affected.add(m);
      }
    }
    for (const d of deadlinesPassed(this.deadlines, this.judgedAt, this.effective(now)))
      for (const m of catalog.modelsReading(d)) affected.add(m);
    // an acceptance that has ended moves its model's verdict with no change in DataHub
    for (const [m, end] of this.acceptanceEnds) if (end <= this.effective(now)) affected.add(m);
    const models = catalog.models();
    const judged = await this.judge(
      models.filter((m) => affected.has(m.urn)),
      now,
      onJudged,
    );
    return this.result(false, changed, models.length, judged);
  }

  private effective(now: number): number {
    return this.deps.policy.asOf ?? now;
  }

  private async judge(models: ModelRef[], now: number, onJudged?: OnJudged): Promise<JudgedModelState[]> {
    const catalog = this.catalog!;
    const states: JudgedModelState[] = [];
    const session = new JudgmentSession(this.deps.policy, now, catalog.indexes);
    let graph: UpstreamGraph | undefined;
    const below = (d: string) => catalog.modelsBelowDataset(d);
    const unreadOf = unreadByModel(this.cache, catalog);
    for (const model of models) {
      graph = catalog.upstreamGraph(model.urn);
      const a = assess(session, graph);
      const v = verdictOf(session, graph, a, below, {
        now,
        datahub: this.deps.client.url,
        unread: unreadOf.get(model.urn),
      });
      states.push(this.remember(v));
      const done = onJudged?.(v, graph);
      if (done) await done;
    }
    const any = catalog.models()[0];
    if (any && (models.length || this.deadlines.size === 0))
      this.deadlines = freshnessDeadlines(graph ?? catalog.upstreamGraph(any.urn), this.deps.policy.freshness);
    this.judgedAt = this.effective(now);
    return states;
  }

  /** Keeps what transitions need of a verdict: its score, band and root causes (keys interned across models). */
  private remember(v: Verdict): JudgedModelState {
    const causes: string[] = [];
    for (const f of v.findings) {
      if (!f.entity.startsWith('urn:li:dataset:')) continue;
      let key = this.keys.get(f.key);
      if (!key) {
        this.keys.set(f.key, (key = f.key));
        this.causeFacts.set(key, { dataset: f.entity, detector: f.detector, severity: f.severity, message: f.message });
      }
      causes.push(key);
    }
    const accepted = new Map<string, CauseAcceptance>();
    let firstEnd = Infinity;
    for (const { finding: f, acceptance: a } of v.accepted ?? []) {
      firstEnd = Math.min(firstEnd, Date.parse(a.until));
      if (f.entity.startsWith('urn:li:dataset:')) accepted.set(f.key, { by: a.by, reason: a.reason, until: a.until });
    }
    if (firstEnd < Infinity) this.acceptanceEnds.set(v.model.urn, firstEnd);
    else this.acceptanceEnds.delete(v.model.urn);
    if (accepted.size) this.acceptedOf.set(v.model.urn, accepted);
    else this.acceptedOf.delete(v.model.urn);
    const previousCauses = this.causesOf.get(v.model.urn) ?? [];
    this.causesOf.set(v.model.urn, causes);
    this.refs.set(v.model.urn, v.model);
    return { model: v.model, score: v.score, band: v.band, capped: v.capped !== undefined, causes, previousCauses };
  }

  private result(full: boolean, changed: string[], models: number, judged: JudgedModelState[]): JudgedCycle {
    const live = new Map<string, LiveCause>();
    for (const [urn, causes] of this.causesOf) {
      const model = this.refs.get(urn)!;
      for (const key of causes) {
        let c = live.get(key);
        if (!c) live.set(key, (c = { key, ...this.causeFacts.get(key)!, models: [] }));
        c.models.push(model);
      }
    }
    const accepted = new Map<string, CauseAcceptance>();
    for (const byKey of this.acceptedOf.values())
      for (const [key, a] of byKey) if (!live.has(key) && !accepted.has(key)) accepted.set(key, a);
    return { full, changed, models, judged, live, accepted, catalog: this.catalog!, cache: this.cache };
  }
}

/** A whole-catalog read under way: what it has read so far, and when it began. */
interface FullRead {
  cache: EntityCache;
  facts: Map<string, MovingFacts>;
  startedAt: number;
}

/** Models a resumed read holds that DataHub no longer lists (deleted since): read as inputs if anything names them. */
function forgetUnlisted(cache: EntityCache, listed: string[]): void {
  const keep = new Set(listed);
  for (const urn of [...cache.urns()])
    if (!keep.has(urn) && cache.graphParts(urn)?.node.kind === 'mlModel') cache.delete(urn);
}

/** The urns of Janus's ACTIVE incidents on an entity, as last read. */
const openJanusIncidents = (cache: EntityCache, urn: string): string[] =>
  (cache.get(urn)?.incidents?.incidents ?? []).filter((i) => keyOf(i.description)).map((i) => i.urn);
