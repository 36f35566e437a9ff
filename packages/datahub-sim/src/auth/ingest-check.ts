// The Rest.li ingestion endpoint's privilege check (AspectResource.ingestProposals → AuthUtil.isAPIAuthorized,
// on by default: `authorization.restApiAuthorization`), with PoliciesConfig's API_PRIVILEGE_MAP (ENTITY) and
// API_ENTITY_PRIVILEGE_MAP at 63defa4c2d.
import { entityTypeOf } from '../urn.js';
import { satisfies, type Grants, type Requirement } from './grants.js';

type ApiOperation = 'CREATE' | 'UPDATE' | 'DELETE';
const anyOf = (...privileges: string[]): Requirement => privileges.map((p) => [p]);

const ENTITY: Record<ApiOperation, Requirement> = {
  CREATE: anyOf('CREATE_ENTITY', 'EDIT_ENTITY'),
  UPDATE: anyOf('EDIT_ENTITY'),
  DELETE: anyOf('DELETE_ENTITY'),
};

/** Entity types with privileges of their own; every other type takes ENTITY's. */
const BY_ENTITY_TYPE: Record<string, Record<ApiOperation, Requirement>> = {
  dataHubPolicy: {
    CREATE: anyOf('MANAGE_POLICIES'),
    UPDATE: anyOf('MANAGE_POLICIES'),
    DELETE: anyOf('MANAGE_POLICIES'),
  },
  corpuser: {
    CREATE: anyOf('CREATE_USERS_AND_GROUPS', 'MANAGE_USERS_AND_GROUPS', 'CREATE_USERS', 'UPDATE_USERS'),
    UPDATE: anyOf('UPDATE_USERS_AND_GROUPS', 'MANAGE_USERS_AND_GROUPS', 'UPDATE_USERS'),
    DELETE: anyOf('MANAGE_USERS_AND_GROUPS', 'UPDATE_USERS'),
  },
  corpGroup: {
    CREATE: anyOf('CREATE_USERS_AND_GROUPS', 'MANAGE_USERS_AND_GROUPS', 'CREATE_GROUPS', 'UPDATE_GROUPS'),
    UPDATE: anyOf('UPDATE_USERS_AND_GROUPS', 'MANAGE_USERS_AND_GROUPS', 'UPDATE_GROUPS'),
    DELETE: anyOf('MANAGE_USERS_AND_GROUPS', 'UPDATE_GROUPS'),
  },
  dataHubIngestionSource: {
    CREATE: anyOf('MANAGE_INGESTION'),
    UPDATE: anyOf('EDIT_ENTITY', 'MANAGE_INGESTION'),
    DELETE: anyOf('DELETE_ENTITY', 'MANAGE_INGESTION'),
  },
  dataHubSecret: { CREATE: anyOf('MANAGE_SECRETS'), UPDATE: anyOf('MANAGE_SECRETS'), DELETE: anyOf('MANAGE_SECRETS') },
  globalSettings: {
    CREATE: anyOf('MANAGE_GLOBAL_SETTINGS'),
    UPDATE: anyOf('MANAGE_GLOBAL_SETTINGS'),
    DELETE: anyOf('MANAGE_GLOBAL_SETTINGS'),
  },
  dataHubAccessToken: {
    CREATE: anyOf('MANAGE_ACCESS_TOKENS', 'CREATE_ENTITY', 'EDIT_ENTITY'),
    UPDATE: anyOf('MANAGE_ACCESS_TOKENS', 'EDIT_ENTITY'),
    DELETE: anyOf('MANAGE_ACCESS_TOKENS', 'DELETE_ENTITY'),
  },
  structuredProperty: {
    CREATE: anyOf('MANAGE_STRUCTURED_PROPERTIES'),
    UPDATE: anyOf('EDIT_ENTITY', 'MANAGE_STRUCTURED_PROPERTIES'),
    DELETE: anyOf('DELETE_ENTITY', 'MANAGE_STRUCTURED_PROPERTIES'),
  },
};

/** AuthUtil.isAPIAuthorizedUrns: which API operation a change type is checked as (others answer 400 there). */
function operationOf(changeType: string): ApiOperation | undefined {
  if (['CREATE', 'UPSERT', 'UPDATE', 'RESTATE', 'PATCH'].includes(changeType)) return 'UPDATE';
  if (changeType === 'CREATE_ENTITY') return 'CREATE';
  if (changeType === 'DELETE') return 'DELETE';
  return undefined;
}

/**
 * The proposals the token may not write, in order, or none. GMS refuses the whole request with 403 and a message
 * naming each: "User <actor> is unauthorized to modify entity: HttpStatus: 403 Urn: <urn>, ...".
 */
export function refusedProposals(
  grants: Grants | undefined,
  proposals: readonly { entityUrn: string; changeType: string }[],
): { urn: string; status: number }[] {
  if (!grants) return [];
  return proposals.flatMap(({ entityUrn, changeType }) => {
    const operation = operationOf(changeType);
    if (!operation) return [{ urn: entityUrn, status: 400 }];
    const type = entityTypeOf(entityUrn) ?? '';
    const requirement = (BY_ENTITY_TYPE[type] ?? ENTITY)[operation];
    return satisfies(grants, requirement, entityUrn) ? [] : [{ urn: entityUrn, status: 403 }];
  });
}
