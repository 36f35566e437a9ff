// `me { platformPrivileges }`: MeResolver's checks at 63defa4c2d, each a platform check (no resource) or MANAGE on an
// entity type (AuthUtil.isAuthorizedEntityType with an empty urn: UPDATE and DELETE of PoliciesConfig's API maps,
// conjoined), so only privileges held everywhere count.
import { MANAGE_STRUCTURED_PROPERTIES } from './checks.js';
import { satisfies, type Grants, type Requirement } from './grants.js';

const anyOf = (...privileges: string[]): Requirement => privileges.map((p) => [p]);

/** Disjunctive.conjoin: every group of `a` joined with every group of `b`. */
const conjoin = (a: Requirement, b: Requirement): Requirement =>
  a.flatMap((x) => b.map((y) => [...new Set([...x, ...y])]));

/** MANAGE on an entity type: its UPDATE and its DELETE privileges (AuthUtil.lookupEntityAPIPrivilege). */
const manage = (update: Requirement, del: Requirement) => conjoin(update, del);

/** Each field and what it needs: one requirement, or several that must all hold (one per entity type). */
const FIELDS: Record<string, Requirement | Requirement[]> = {
  viewAnalytics: anyOf('VIEW_ANALYTICS', 'GET_ANALYTICS_PRIVILEGE', 'MANAGE_SYSTEM_OPERATIONS'),
  managePolicies: anyOf('MANAGE_POLICIES'),
  manageIdentities: [
    manage(
      anyOf('UPDATE_USERS_AND_GROUPS', 'MANAGE_USERS_AND_GROUPS', 'UPDATE_USERS'),
      anyOf('MANAGE_USERS_AND_GROUPS', 'UPDATE_USERS'),
    ),
    manage(
      anyOf('UPDATE_USERS_AND_GROUPS', 'MANAGE_USERS_AND_GROUPS', 'UPDATE_GROUPS'),
      anyOf('MANAGE_USERS_AND_GROUPS', 'UPDATE_GROUPS'),
    ),
  ],
  generatePersonalAccessTokens: anyOf('GENERATE_PERSONAL_ACCESS_TOKENS'),
  createDomains: anyOf('CREATE_DOMAINS', 'MANAGE_DOMAINS'),
  createLogicalModels: anyOf('CREATE_LOGICAL_MODELS'),
  manageDomains: anyOf('MANAGE_DOMAINS'),
  manageIngestion: manage(anyOf('EDIT_ENTITY', 'MANAGE_INGESTION'), anyOf('DELETE_ENTITY', 'MANAGE_INGESTION')),
  manageSecrets: anyOf('MANAGE_SECRETS'),
  manageTokens: anyOf('MANAGE_ACCESS_TOKENS'),
  viewTests: anyOf('VIEW_TESTS'),
  manageTests: anyOf('MANAGE_TESTS'),
  manageGlossaries: anyOf('MANAGE_GLOSSARIES'),
  manageDocuments: anyOf('MANAGE_DOCUMENTS'),
  manageUserCredentials: anyOf('MANAGE_USER_CREDENTIALS'),
  createTags: anyOf('CREATE_TAGS', 'MANAGE_TAGS'),
  manageTags: anyOf('MANAGE_TAGS'),
  viewManageTags: anyOf('VIEW_MANAGE_TAGS'),
  manageGlobalViews: anyOf('MANAGE_GLOBAL_VIEWS'),
  manageGlobalSettings: anyOf('MANAGE_GLOBAL_SETTINGS'),
  manageOwnershipTypes: anyOf('MANAGE_GLOBAL_OWNERSHIP_TYPES'),
  manageGlobalAnnouncements: anyOf('MANAGE_GLOBAL_ANNOUNCEMENTS'),
  createBusinessAttributes: anyOf('CREATE_BUSINESS_ATTRIBUTE', 'MANAGE_BUSINESS_ATTRIBUTE'),
  manageBusinessAttributes: anyOf('MANAGE_BUSINESS_ATTRIBUTE'),
  manageStructuredProperties: MANAGE_STRUCTURED_PROPERTIES,
  viewStructuredPropertiesPage: anyOf('VIEW_STRUCTURED_PROPERTIES_PAGE'),
  // application has no map of its own: the generic entity's UPDATE (EDIT_ENTITY) and DELETE (DELETE_ENTITY)
  manageApplications: manage(anyOf('EDIT_ENTITY'), anyOf('DELETE_ENTITY')),
  manageFeatures: anyOf('MANAGE_FEATURES'),
  manageHomePageTemplates: anyOf('MANAGE_HOME_PAGE_TEMPLATES'),
  manageServiceAccounts: anyOf('MANAGE_SERVICE_ACCOUNTS'),
};

const isList = (need: Requirement | Requirement[]): need is Requirement[] => Array.isArray(need[0]?.[0]);

/** The PlatformPrivileges the grants give, for the fields the schema has (a field the table lacks is false). */
export function platformPrivileges(grants: Grants | undefined, fields: readonly string[]): Record<string, boolean> {
  return Object.fromEntries(
    fields.map((field) => {
      const need = FIELDS[field];
      if (!need) return [field, !grants];
      const all = isList(need) ? need : [need];
      return [field, all.every((r) => satisfies(grants, r))];
    }),
  );
}
