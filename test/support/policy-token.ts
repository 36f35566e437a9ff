import type { SimOptions } from '@janus/datahub-sim';

type TokenSpec = NonNullable<SimOptions['tokens']>[string];
import { requiredPrivileges } from '../../src/datahub/privileges.js';

/**
 * A simulator token for Janus's user holding what a write-back needs, granted as DataHub policies grant it (platform
 * privileges everywhere, each entity privilege on the entity types it is checked on), less `without`.
 */
export function writeBackToken(without?: string): TokenSpec {
  const needed = requiredPrivileges(['writeBack']).filter((r) => r.privilege !== without);
  return {
    actor: 'urn:li:corpuser:janus',
    privileges: needed.filter((r) => r.scope === 'platform').map((r) => r.privilege),
    resourcePrivileges: needed
      .filter((r) => r.scope === 'entity')
      .map((r) => ({ types: r.entityTypes, privileges: [r.privilege] })),
  };
}
