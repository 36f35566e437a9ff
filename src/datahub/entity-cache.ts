import { inputsOf, type EntityParts, type EntityReads } from '../core/build-graph.js';
import { toParts } from './map-entity.js';
import type { RawEntity } from './queries/entities.js';
import { unpooled, type UrnPool } from './urn-pool.js';

/**
 * The entities one run has read, by urn (null: asked for, not found), shared by the models of a scan or the cycles of
 * a watch so that each entity is read once. Each read's graph parts are mapped once, on first use, and kept beside it.
 */
export class EntityCache extends Map<string, RawEntity | null> implements EntityReads {
  readonly #parts = new WeakMap<RawEntity, EntityParts>();
  /**
   * Entities DataHub failed to answer for (a field of theirs failed, or their read ran out of time even alone), with
   * what it said: held as not found (null), so no judgment reads a half-answered entity as whole.
   */
  readonly unread = new Map<string, string>();

  /** Records an entity DataHub failed to answer for. */
  markUnread(urn: string, error: string): void {
    this.set(urn, null);
    this.unread.set(urn, error);
  }

  /**
   * The unread entities a graph's judgment needed: those its entities' reads name as their inputs (lineage, training
   * data, features, feature sources), and the model itself. Costs nothing when every read stood.
   */
  unreadIn(nodes: Iterable<string>, model: string): { urn: string; error: string }[] {
    if (!this.unread.size) return [];
    const found = new Set<string>();
    if (this.unread.has(model)) found.add(model);
    for (const urn of nodes) {
      const raw = this.get(urn);
      if (!raw) continue;
      const parts = this.partsOf(raw);
      for (const input of [...inputsOf(parts), ...parts.features]) if (this.unread.has(input)) found.add(input);
    }
    return [...found].sort().map((urn) => ({ urn, error: this.unread.get(urn)! }));
  }

  urns(): Iterable<string> {
    return this.keys();
  }

  absent(urn: string): boolean {
    return this.get(urn) === null && !this.unread.has(urn);
  }

  graphParts(urn: string): EntityParts | undefined {
    const raw = this.get(urn);
    return raw ? this.partsOf(raw) : undefined;
  }

  /** The parts of one read, mapped once (urns through `pool` the first time). */
  partsOf(raw: RawEntity, pool: UrnPool = unpooled): EntityParts {
    let d = this.#parts.get(raw);
    if (!d) this.#parts.set(raw, (d = toParts(raw, pool)));
    return d;
  }

  /** Forgets the parts mapped of a read whose lists were read further since (read-list-rest.ts). */
  forgetParts(raw: RawEntity): void {
    this.#parts.delete(raw);
  }

  /** The entity's one-hop upstream lineage (DataHub's edges), whether or not its read was trimmed. */
  lineageUpstreams(raw: RawEntity): string[] {
    return this.partsOf(raw).upstreams;
  }

  /**
   * The entity's read, once its graph parts are mapped, with only what is still read from it afterwards (the
   * catalog's inputs, the model names, and Janus's own incidents and assertions for the write-back): a whole-catalog
   * read then holds each entity about once rather than as its read plus its node. A new object, not fields deleted
   * in place (which would leave V8 a slower, larger dictionary object).
   */
  trimRead(raw: RawEntity, pool: UrnPool = unpooled): RawEntity {
    const d = this.partsOf(raw, pool);
    const kept: Record<string, unknown> = {};
    for (const field of KEPT) if (raw[field] !== undefined && raw[field] !== null) kept[field] = raw[field];
    kept.urn = d.node.urn;
    if (raw.incidents?.incidents.length) kept.incidents = raw.incidents;
    if (raw.assertions?.assertions.length) kept.assertions = raw.assertions;
    this.#parts.set(kept as RawEntity, d);
    return kept as RawEntity;
  }
}

const KEPT = ['urn', 'type', 'exists', 'name', 'properties', 'trainingData', 'featureTables'] as const;
