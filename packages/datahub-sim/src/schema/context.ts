import { randomUUID } from 'node:crypto';
import type { Store } from '../store/store.js';
import type { WriteFaults } from '../controls/write-faults.js';
import type { FieldFaults } from '../controls/field-faults.js';

/** What every simulator resolver receives as GraphQL context. */
export interface SimContext {
  store: Store;
  /** Current time in epoch ms (tests may fix it). */
  now: () => number;
  /** The urn of the token's user: DataHub stamps every write with it. */
  actor: string;
  /** New ids for raised incidents and the like (random, as in DataHub). */
  newId: () => string;
  /** Write failures planted through `/__sim/write-faults` (none in most tests). */
  writeFaults?: WriteFaults;
  /** Field failures planted through `/__sim/field-faults` or drawn at `fieldFailRate` (none in most tests). */
  fieldFaults?: FieldFaults;
}

export function makeContext(store: Store, overrides: Partial<SimContext> = {}): SimContext {
  return { store, now: Date.now, actor: 'urn:li:corpuser:datahub', newId: randomUUID, ...overrides };
}
