import { mergeOnUpsert, type SystemMetadata } from './system-metadata.js';
import { entityTypeOf } from '../urn.js';

/** Aspects DataHub stores as time series: they accumulate as events instead of replacing each other. */
export const TIMESERIES_ASPECTS = new Set([
  'operation',
  'datasetProfile',
  'datasetUsageStatistics',
  'dataProcessInstanceRunEvent',
  'assertionRunEvent',
  'chartUsageStatistics',
  'dashboardUsageStatistics',
  'queryUsageStatistics',
  'documentUsageStatistics',
  'datahubIngestionRunSummary',
  'datahubIngestionCheckpoint',
]);

/** How many recent writes the store remembers by urn (enough for indexes to catch up on a write burst). */
const JOURNAL_LIMIT = 8192;

export type Aspect = Record<string, unknown>;

export interface StoredEntity {
  urn: string;
  entityType: string;
  /** Creation order: the store lists entities by it (a deleted and re-created entity comes last). */
  seq: number;
  /** Versioned aspects by name: the latest write wins. */
  aspects: Map<string, Aspect>;
  /** Timeseries aspects by name, newest first (by timestampMillis). */
  timeseries: Map<string, Aspect[]>;
  /** System metadata of versioned aspects written by ingestion, by aspect name (what `lastIngested` reads). */
  systemMetadata: Map<string, SystemMetadata>;
}

/**
 * The simulator's in-memory entity store. Aspects are held in DataHub's JSON shape (as in a metadata
 * file's `{"json": ...}` MCP form) with class-key prefixes normalised to `com.linkedin.` and primitive
 * union wrappers such as `{"string": "x"}` removed.
 */
export class Store {
  private readonly entities = new Map<string, StoredEntity>();
  /** The search/graph/timeseries indexes' copy of the store, when they lag behind it (index-lag.ts). */
  private lagged: IndexLag | undefined;
  private created = 0;
  /** The urn each recent version bump touched: `journal[i]` moved the version from `journalStart + i`. */
  private journal: string[] = [];
  private journalStart = 0;
  /** Bumped on every write; derived indexes (lineage, search) rebuild or catch up when it moves. */
  private current = 0;

  get version(): number {
    return this.current;
  }

  /**
   * The distinct urns written since `version`, or undefined when the journal no longer reaches back that
   * far (a caller then rebuilds whatever it derived from the store).
   */
  changedSince(version: number): string[] | undefined {
    if (version < this.journalStart || version > this.current) return undefined;
    return [...new Set(this.journal.slice(version - this.journalStart))];
  }

  private touch(urn: string): void {
    this.current++;
    this.journal.push(urn);
    if (this.journal.length > JOURNAL_LIMIT) {
      const drop = this.journal.length - JOURNAL_LIMIT / 2;
      this.journal.splice(0, drop);
      this.journalStart += drop;
    }
  }

  /**
   * From now on, reads that list through DataHub's indexes (`indexed()`) see each write `lagMs` after it was made,
   * as GMS's Elasticsearch indexes do; aspect reads (`aspect`, `get`) see it at once. `clock` is a real clock in ms
   * (the lag is elapsed time, whatever the simulator's own `now`).
   */
  lagIndexes(lagMs: number, clock: () => number = () => performance.now()): void {
    if (!(Number.isFinite(lagMs) && lagMs >= 0)) throw new RangeError(`index lag must be >= 0 ms, got ${lagMs}`);
    this.lagged = lagMs > 0 ? new IndexLag(this.copy(), lagMs, clock) : undefined;
  }

  /**
   * The store as DataHub's search, graph and timeseries indexes see it now: this store itself when they do not lag,
   * else a copy that each write reaches `lagMs` after it was made. Resolvers that list (an entity's incidents,
   * assertions, run events, relationships, lineage, search) read it; they hydrate what they list from this store.
   */
  indexed(): Store {
    return this.lagged ? this.lagged.view() : this;
  }

  /** A deep copy of every entity (creation order kept): the indexes' starting point. */
  private copy(): Store {
    const copy = new Store();
    for (const e of this.entities.values()) copy.entities.set(e.urn, structuredClone(e));
    copy.created = this.created;
    return copy;
  }

  /** Registers an entity that is only referenced (DataHub keeps these as key-only entities). */
  ensure(urn: string, entityType = entityTypeOf(urn) ?? 'unknown'): StoredEntity {
    let e = this.entities.get(urn);
    if (!e) {
      this.lagged?.later((index) => index.ensure(urn, entityType));
      e = {
        urn,
        entityType,
        seq: this.created++,
        aspects: new Map(),
        timeseries: new Map(),
        systemMetadata: new Map(),
      };
      this.entities.set(urn, e);
      this.touch(urn);
    }
    return e;
  }

  /** Writes an aspect: a versioned aspect replaces the previous value, a timeseries aspect is appended. */
  write(urn: string, aspectName: string, value: Aspect, entityType?: string): void {
    if (TIMESERIES_ASPECTS.has(aspectName)) return this.append(urn, aspectName, value, entityType);
    this.ensure(urn, entityType).aspects.set(aspectName, value);
    this.lagged?.later((index) => index.write(urn, aspectName, structuredClone(value), entityType));
    this.touch(urn);
  }

  /**
   * Adds a timeseries event. As in DataHub, an event with the same identity (timestampMillis, eventGranularity,
   * messageId, partitionSpec) as a stored one replaces it.
   */
  append(urn: string, aspectName: string, value: Aspect, entityType?: string): void {
    const e = this.ensure(urn, entityType);
    this.lagged?.later((index) => index.append(urn, aspectName, structuredClone(value), entityType));
    const id = timeseriesIdentity(value);
    const list = (e.timeseries.get(aspectName) ?? []).filter((v) => timeseriesIdentity(v) !== id);
    const ts = Number(value.timestampMillis ?? 0);
    const at = list.findIndex((v) => Number(v.timestampMillis ?? 0) <= ts);
    list.splice(at === -1 ? list.length : at, 0, value);
    e.timeseries.set(aspectName, list);
    this.touch(urn);
  }

  /**
   * Records the system metadata an ingestion wrote with a versioned aspect, merged with what is stored as GMS
   * merges it. Timeseries aspects keep theirs in the search index, out of the entity GraphQL reads.
   */
  observe(urn: string, aspectName: string, incoming: SystemMetadata): void {
    const e = this.entities.get(urn);
    if (!e || !e.aspects.has(aspectName)) return;
    e.systemMetadata.set(aspectName, mergeOnUpsert(e.systemMetadata.get(aspectName), incoming));
    this.lagged?.later((index) => index.observe(urn, aspectName, structuredClone(incoming)));
  }

  deleteAspect(urn: string, aspectName: string): void {
    this.lagged?.later((index) => index.deleteAspect(urn, aspectName));
    const e = this.entities.get(urn);
    e?.systemMetadata.delete(aspectName);
    if (e?.aspects.delete(aspectName)) this.touch(urn);
  }

  /** Removes an entity and all its aspects (what deleting its key aspect does in DataHub). */
  deleteEntity(urn: string): void {
    this.lagged?.later((index) => index.deleteEntity(urn));
    if (this.entities.delete(urn)) this.touch(urn);
  }

  get(urn: string): StoredEntity | undefined {
    return this.entities.get(urn);
  }

  aspect<T = Aspect>(urn: string, aspectName: string): T | undefined {
    return this.entities.get(urn)?.aspects.get(aspectName) as T | undefined;
  }

  timeseries<T = Aspect>(urn: string, aspectName: string): T[] {
    return (this.entities.get(urn)?.timeseries.get(aspectName) ?? []) as T[];
  }

  /** True when DataHub would report `exists: true`: the entity has at least one aspect of its own. */
  exists(urn: string): boolean {
    const e = this.entities.get(urn);
    return !!e && (e.aspects.size > 0 || e.timeseries.size > 0);
  }

  *all(entityType?: string): Iterable<StoredEntity> {
    for (const e of this.entities.values()) if (!entityType || e.entityType === entityType) yield e;
  }

  get size(): number {
    return this.entities.size;
  }
}

function timeseriesIdentity(v: Aspect): string {
  const g = (v.eventGranularity ?? {}) as { unit?: string; multiple?: number };
  const p = (v.partitionSpec ?? {}) as { type?: string; partition?: string };
  return JSON.stringify([
    v.timestampMillis ?? 0,
    g.unit ?? null,
    g.unit ? (g.multiple ?? 1) : null,
    v.messageId ?? null,
    p.type ?? 'FULL_TABLE',
    p.partition ?? 'FULL_TABLE_SNAPSHOT',
  ]);
}

/**
 * The indexes' copy of a store and the writes still on their way to it, oldest first. GMS writes an aspect to its
 * database and answers; the change reaches Elasticsearch through the MCL consumer and the bulk processor, which
 * flushes every second, and is searchable after the index refreshes (every ~1-3 s): application.yaml
 * `elasticsearch.bulkProcessor` (`refreshPolicy`, `flushInterval`) and the indices' `refresh_interval`.
 */
class IndexLag {
  private readonly pending: { at: number; apply: (index: Store) => void }[] = [];

  constructor(
    private readonly index: Store,
    private readonly lagMs: number,
    private readonly clock: () => number,
  ) {}

  later(apply: (index: Store) => void): void {
    this.pending.push({ at: this.clock() + this.lagMs, apply });
  }

  view(): Store {
    const now = this.clock();
    let n = 0;
    while (n < this.pending.length && this.pending[n]!.at <= now) this.pending[n++]!.apply(this.index);
    if (n) this.pending.splice(0, n);
    return this.index;
  }
}
