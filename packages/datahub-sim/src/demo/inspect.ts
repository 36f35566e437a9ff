/**
 * Reading raw metadata-file records without a store: an index of aspects by urn (latest versioned value,
 * timeseries newest first) and a structural check of each record. Used to check the demo and the
 * generator against DataHub's file format independently of the simulator's loader.
 */
import { aspectNameForClass } from '../loaders/aspect-names.js';
import { TIMESERIES_ASPECTS } from '../store/store.js';
import { entityTypeOf } from '../urn.js';
import type { Json } from './records.js';

export interface AspectWrite {
  urn: string;
  aspectName: string;
  value: Json;
}

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The aspect writes of one record, in order (an MCE yields one per snapshot aspect). */
export function aspectWrites(record: unknown): AspectWrite[] {
  if (!isObject(record)) return [];
  if (isObject(record.proposedSnapshot)) {
    const [snap] = Object.values(record.proposedSnapshot);
    if (!isObject(snap) || typeof snap.urn !== 'string' || !Array.isArray(snap.aspects)) return [];
    const urn = snap.urn;
    return snap.aspects.flatMap((a: unknown) =>
      isObject(a)
        ? Object.entries(a).map(([cls, value]) => ({ urn, aspectName: aspectNameForClass(cls) ?? cls, value: value as Json }))
        : []);
  }
  const aspect = record.aspect;
  if (typeof record.entityUrn !== 'string' || typeof record.aspectName !== 'string' || !isObject(aspect)) return [];
  if (!isObject(aspect.json)) return [];
  return [{ urn: record.entityUrn, aspectName: record.aspectName, value: aspect.json }];
}

export interface RecordIndex {
  /** The latest value of a versioned aspect. */
  aspect(urn: string, aspectName: string): Json | undefined;
  /** Timeseries events, newest first by `timestampMillis`. */
  timeseries(urn: string, aspectName: string): Json[];
  /** Urns with at least one aspect, optionally of one entity type. */
  urns(entityType?: string): string[];
}

export function indexRecords(records: Iterable<unknown>): RecordIndex {
  const versioned = new Map<string, Map<string, Json>>();
  const series = new Map<string, Map<string, Json[]>>();
  const slot = <T>(m: Map<string, Map<string, T>>, urn: string): Map<string, T> => {
    let s = m.get(urn);
    if (!s) m.set(urn, (s = new Map()));
    return s;
  };
  for (const record of records) {
    for (const w of aspectWrites(record)) {
      if (TIMESERIES_ASPECTS.has(w.aspectName)) {
        const s = slot(series, w.urn);
        const list = s.get(w.aspectName);
        if (list) list.push(w.value);
        else s.set(w.aspectName, [w.value]);
      } else slot(versioned, w.urn).set(w.aspectName, w.value);
    }
  }
  for (const s of series.values()) {
    for (const list of s.values()) list.sort((a, b) => Number(b.timestampMillis) - Number(a.timestampMillis));
  }
  const all = [...new Set([...versioned.keys(), ...series.keys()])];
  // the urns of each entity type, grouped once (a filter over every urn per call made callers quadratic)
  const byType = new Map<string, string[]>();
  for (const u of all) {
    const type = entityTypeOf(u);
    if (type === undefined) continue;
    let list = byType.get(type);
    if (!list) byType.set(type, (list = []));
    list.push(u);
  }
  return {
    aspect: (urn, name) => versioned.get(urn)?.get(name),
    timeseries: (urn, name) => series.get(urn)?.get(name) ?? [],
    urns: (entityType) => (entityType ? [...(byType.get(entityType) ?? [])] : all),
  };
}
