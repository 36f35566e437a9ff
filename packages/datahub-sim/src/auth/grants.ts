/**
 * What a token's actor holds, as DataHub's policies grant it: privileges held everywhere (platform policies, and
 * metadata policies with no resource filter) and privileges held on some entities only (metadata policies whose
 * resource filter lists urns). A privilege is matched by its exact name (PolicyEngine.isPrivilegeMatch): EDIT_ENTITY
 * grants nothing by itself; each check lists it as one alternative (AuthorizationUtils.ALL_PRIVILEGES_GROUP).
 */
export interface Grants {
  everywhere: ReadonlySet<string>;
  byResource: ReadonlyMap<string, ReadonlySet<string>>;
  /** Privileges held on every entity of a type (`incident`, `dataset`): a policy filtered by TYPE. */
  byType?: ReadonlyMap<string, ReadonlySet<string>>;
}

/** A check as DataHub writes one (DisjunctivePrivilegeGroup): any one group, every privilege of that group. */
export type Requirement = readonly (readonly string[])[];

/** One privilege, or EDIT_ENTITY, which every entity edit check accepts instead. */
export const editEntityOr = (privilege: string): Requirement => [['EDIT_ENTITY'], [privilege]];

/**
 * AuthUtil.isAuthorized: true when the grants satisfy one group of the requirement on `resourceUrn`. With no
 * resource (a platform check, or an entity-type check whose urn is ""), only privileges held everywhere count: a
 * policy with a resource filter does not match a request without a resource (PolicyEngine.isResourceMatch).
 * `undefined` grants are the simulator's default token, an admin's: everything.
 */
export function satisfies(grants: Grants | undefined, requirement: Requirement, resourceUrn?: string): boolean {
  if (!grants) return true;
  const onResource = resourceUrn ? grants.byResource.get(resourceUrn) : undefined;
  const type = resourceUrn ? /^urn:li:([^:]+):/.exec(resourceUrn)?.[1] : undefined;
  const onType = type ? grants.byType?.get(type) : undefined;
  const holds = (privilege: string) =>
    grants.everywhere.has(privilege) || !!onResource?.has(privilege) || !!onType?.has(privilege);
  return requirement.some((group) => group.length > 0 && group.every(holds));
}
