import type { Store, StoredEntity } from '../store/store.js';
import { asNumber, asString, at, isObject } from '../store/aspect-values.js';

/** The latest COMPLETE run of one assertion against one assertee (what EntityHealthResolver aggregates). */
export interface AssertionOutcome {
  assertionUrn: string;
  timestampMillis: number;
  /** `result.type` (SUCCESS, FAILURE, ERROR, INIT), absent when the event has no result. */
  resultType?: string;
}

/**
 * Latest COMPLETE run per (assertee, assertion) from the assertion entities' `assertionRunEvent`s. Built in
 * store order; after a write only the assertees the written assertion names (before or after) are redone.
 */
export class AssertionOutcomes {
  private readonly byAssertee = new Map<string, Map<string, AssertionOutcome>>();
  /** The assertion entities whose COMPLETE events name each assertee, and the reverse. */
  private readonly sources = new Map<string, Set<string>>();
  private readonly assertees = new Map<string, Set<string>>();

  constructor(private readonly store: Store) {}

  for(assertee: string): Map<string, AssertionOutcome> {
    return this.byAssertee.get(assertee) ?? new Map();
  }

  /** Adds an assertion entity's runs; entities must come in store order. */
  add(entity: StoredEntity): void {
    for (const { assertee, event } of completeRuns(entity)) {
      this.record(assertee, entity.urn, event);
      this.link(assertee, entity.urn);
    }
  }

  /** After a write to `urn`: the outcomes of every assertee its old or new runs name are recomputed. */
  update(urn: string): void {
    const entity = this.store.get(urn);
    const fresh = new Set(entity?.entityType === 'assertion' ? completeRuns(entity).map((r) => r.assertee) : []);
    const stale = new Set(this.assertees.get(urn));
    if (fresh.size === 0 && stale.size === 0) return;
    for (const assertee of stale) if (!fresh.has(assertee)) this.unlink(assertee, urn);
    for (const assertee of fresh) this.link(assertee, urn);
    for (const assertee of new Set([...stale, ...fresh])) this.recompute(assertee);
  }

  private recompute(assertee: string): void {
    this.byAssertee.delete(assertee);
    const entities = [...(this.sources.get(assertee) ?? [])]
      .map((urn) => this.store.get(urn))
      .filter((e) => e !== undefined)
      .sort((a, b) => a.seq - b.seq);
    for (const entity of entities) {
      for (const run of completeRuns(entity))
        if (run.assertee === assertee) this.record(assertee, entity.urn, run.event);
    }
  }

  // Timeseries lists are newest first, so the first COMPLETE event per (assertee, assertion) is the latest.
  private record(assertee: string, assertionUrn: string, event: Record<string, unknown>): void {
    const urn = asString(event.assertionUrn) ?? assertionUrn;
    let perAssertee = this.byAssertee.get(assertee);
    if (!perAssertee) this.byAssertee.set(assertee, (perAssertee = new Map()));
    const ts = asNumber(event.timestampMillis) ?? 0;
    const known = perAssertee.get(urn);
    if (!known || ts > known.timestampMillis) {
      perAssertee.set(urn, { assertionUrn: urn, timestampMillis: ts, resultType: asString(at(event, 'result.type')) });
    }
  }

  private link(assertee: string, assertion: string): void {
    addTo(this.sources, assertee, assertion);
    addTo(this.assertees, assertion, assertee);
  }

  private unlink(assertee: string, assertion: string): void {
    removeFrom(this.sources, assertee, assertion);
    removeFrom(this.assertees, assertion, assertee);
  }
}

function completeRuns(entity: StoredEntity): { assertee: string; event: Record<string, unknown> }[] {
  const runs: { assertee: string; event: Record<string, unknown> }[] = [];
  for (const event of entity.timeseries.get('assertionRunEvent') ?? []) {
    if (!isObject(event) || event.status !== 'COMPLETE') continue;
    const assertee = asString(event.asserteeUrn);
    if (assertee) runs.push({ assertee, event });
  }
  return runs;
}

function addTo(map: Map<string, Set<string>>, key: string, value: string): void {
  const set = map.get(key);
  if (set) set.add(value);
  else map.set(key, new Set([value]));
}

function removeFrom(map: Map<string, Set<string>>, key: string, value: string): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(value);
  if (set.size === 0) map.delete(key);
}
