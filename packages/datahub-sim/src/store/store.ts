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

  /** Registers an entity that is only referenced (DataHub keeps these as key-only entities). */
  ensure(urn: string, entityType = entityTypeOf(urn) ?? 'unknown'): StoredEntity {
    let e = this.entities.get(urn);
    if (!e) {
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
    this.touch(urn);
  }

  /**
   * Adds a timeseries event. As in DataHub, an event with the same identity (timestampMillis, eventGranularity,
   * messageId, partitionSpec) as a stored one replaces it.
   */
  append(urn: string, aspectName: string, value: Aspect, entityType?: string): void {
    const e = this.ensure(urn, entityType);
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
  }

  deleteAspect(urn: string, aspectName: string): void {
    const e = this.entities.get(urn);
    e?.systemMetadata.delete(aspectName);
    if (e?.aspects.delete(aspectName)) this.touch(urn);
  }

  /** Removes an entity and all its aspects (what deleting its key aspect does in DataHub). */
  deleteEntity(urn: string): void {
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
