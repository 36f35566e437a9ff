import { randomUUID } from 'node:crypto';
import type { Store } from '../store/store.js';
import type { WriteFaults } from '../controls/write-faults.js';
import type { DataHubRelease } from '../release/releases.js';
import type { Grants } from '../auth/grants.js';
import type { LineageSearchCache } from '../lineage/lineage-search-cache.js';
import type { FieldFaults } from '../controls/field-faults.js';

/** What every simulator resolver receives as GraphQL context. */
export interface SimContext {
  store: Store;
  /** Current time in epoch ms (tests may fix it). */
  now: () => number;
  /** The urn of the token's user: DataHub stamps every write with it. */
  actor: string;
  /** What the token's actor may do (`auth/`); none: every privilege, as the default token (an admin) has. */
  grants?: Grants;
  /** New ids for raised incidents and the like (random, as in DataHub). */
  newId: () => string;
  /** Write failures planted through `/__sim/write-faults` (none in most tests). */
  writeFaults?: WriteFaults;
  /** The DataHub release being simulated: its schema answers (default current). */
  release?: DataHubRelease;
  /** GMS's lineage search cache, when the simulator runs with one (`--lineage-search-cache-ttl`). */
  lineageSearchCache?: LineageSearchCache;
  /** Field failures planted through `/__sim/field-faults` or drawn at `fieldFailRate` (none in most tests). */
  fieldFaults?: FieldFaults;
}

export function makeContext(store: Store, overrides: Partial<SimContext> = {}): SimContext {
  return { store, now: Date.now, actor: 'urn:li:corpuser:datahub', newId: randomUUID, ...overrides };
}
