import type { Store } from '../../store/store.js';
import { editableAspect, type AuditStamp } from './gms-rules.js';

export interface OwnerEntry {
  owner: string;
  type: string;
  typeUrn?: string;
  source?: { type: string; url?: string };
  [key: string]: unknown;
}

export interface OwnershipAspect {
  owners?: OwnerEntry[];
  ownerTypes?: Record<string, string[]>;
  lastModified?: AuditStamp;
  [key: string]: unknown;
}

/** One owner to add: `type` is the deprecated OwnershipType enum (NONE when only a type urn is given). */
export interface OwnerToAdd {
  ownerUrn: string;
  type: string;
  typeUrn: string;
}

/** OwnerUtils.mapOwnershipTypeToEntity: `urn:li:ownershipType:__system__<lowercased enum>`. */
export const systemOwnershipTypeUrn = (type: string): string => `urn:li:ownershipType:__system__${type.toLowerCase()}`;

/**
 * OwnerServiceUtils.isOwnerEqual: same owner and same ownership type, where an entry without a type urn
 * is compared through its deprecated enum.
 */
function isSameOwner(entry: OwnerEntry, ownerUrn: string, typeUrn: string): boolean {
  if (entry.owner !== ownerUrn) return false;
  if (entry.typeUrn) return entry.typeUrn === typeUrn;
  return systemOwnershipTypeUrn(entry.type ?? 'NONE') === typeUrn;
}

/**
 * Adds owners to a resource's `ownership` the way OwnerUtils.addOwnersToResources does: an owner already
 * present with the same ownership type is replaced (moved to the end), others are appended, and
 * `lastModified` is restamped. `ownerTypes` is rebuilt as GMS's ownership mutator does.
 */
export function addOwnersToResource(store: Store, resourceUrn: string, owners: OwnerToAdd[], stamp: AuditStamp): void {
  const ownership = editableAspect<OwnershipAspect>(store, resourceUrn, 'ownership', {});
  let entries = ownership.owners ?? [];
  for (const o of owners) {
    entries = entries.filter((e) => !isSameOwner(e, o.ownerUrn, o.typeUrn));
    entries.push({ owner: o.ownerUrn, type: o.type, typeUrn: o.typeUrn, source: { type: 'MANUAL' } });
  }
  ownership.owners = entries;
  ownership.lastModified = stamp;
  ownership.ownerTypes = ownerTypesOf(entries);
  store.write(resourceUrn, 'ownership', ownership);
}

/** RemoveOwnerResolver's write: the owner's entries go (of one ownership type, or of all when none is given). */
export function removeOwnerFromResource(
  store: Store,
  resourceUrn: string,
  ownerUrn: string,
  typeUrn: string | null | undefined,
  stamp: AuditStamp,
): void {
  const ownership = editableAspect<OwnershipAspect>(store, resourceUrn, 'ownership', {});
  const entries = (ownership.owners ?? []).filter(
    (e) =>
      e.owner !== ownerUrn || (typeUrn != null && (e.typeUrn ?? systemOwnershipTypeUrn(e.type ?? 'NONE')) !== typeUrn),
  );
  ownership.owners = entries;
  ownership.lastModified = stamp;
  ownership.ownerTypes = ownerTypesOf(entries);
  store.write(resourceUrn, 'ownership', ownership);
}

function ownerTypesOf(entries: OwnerEntry[]): Record<string, string[]> {
  const byType: Record<string, string[]> = {};
  for (const e of entries) {
    const key = e.typeUrn ?? systemOwnershipTypeUrn(e.type ?? 'NONE');
    (byType[key] ??= []).push(e.owner);
  }
  return byType;
}
