import type { SimContext } from '../../schema/context.js';
import type { EntityRef } from '../../schema/entity-ref.js';
import type { ResolverMap } from '../../schema/build.js';
import { enumOut } from './mappers.js';
import { aspectOf, keyParts, pick } from './entity-base.js';
import { bool, orNull, str } from './raw.js';

const PLATFORM_TYPES = [
  'FILE_SYSTEM',
  'KEY_VALUE_STORE',
  'MESSAGE_BROKER',
  'OBJECT_STORE',
  'OLAP_DATASTORE',
  'QUERY_ENGINE',
  'RELATIONAL_DB',
  'SEARCH_ENGINE',
  'OTHERS',
];

export const platformResolvers: ResolverMap = {
  DataPlatform: {
    type: () => 'DATA_PLATFORM',
    name: (s: EntityRef) => orNull(keyParts(s.urn, 'dataPlatform')?.[0]),
    // Guess kept minimal: DataHub bootstraps dataPlatformInfo for ~100 platforms; the simulator only has what the store holds.
    properties: (s: EntityRef, _a, ctx: SimContext) => {
      const raw = aspectOf(ctx, s, 'dataPlatformInfo');
      if (!raw) return null;
      return {
        type: enumOut(raw.type, PLATFORM_TYPES) ?? 'OTHERS',
        displayName: orNull(str(raw.displayName)),
        datasetNameDelimiter: str(raw.datasetNameDelimiter) ?? '.',
        logoUrl: orNull(str(raw.logoUrl)),
        logical: orNull(bool(raw.logical)),
      };
    },
    displayName: (s: EntityRef, _a, ctx: SimContext) => orNull(str(aspectOf(ctx, s, 'dataPlatformInfo')?.displayName)),
  },
  OwnershipTypeEntity: {
    type: () => 'CUSTOM_OWNERSHIP_TYPE',
    ...pick(['status']),
    info: (s: EntityRef, _a, ctx: SimContext) => {
      const raw = aspectOf(ctx, s, 'ownershipTypeInfo');
      return raw ? { name: str(raw.name) ?? '', description: orNull(str(raw.description)) } : null;
    },
  },
};
