// What Janus's DataHub token must be allowed to do: each write Janus makes, the privilege GMS checks for it, and on
// what. From DataHub's resolvers at 63defa4c2d (RaiseIncidentResolver, UpdateIncidentStatusResolver,
// CreateTagResolver, LabelUtils, AuthorizationUtils, AssertionUtils, LinkUtils, OwnerUtils): every entity check also
// passes with EDIT_ENTITY, the platform ones do not.
import { DataHubError } from './errors.js';
import { WRITE_ORDER, type WriteKind } from './writeback/write-kinds.js';

/** A write Janus makes: a write-back kind, a Slack incident button, or a Slack ownership claim. */
export type JanusWrite = WriteKind | 'incidentAction' | 'claimOwnership';

/** What uses those writes: the scan's write-back, and the Slack app's incident buttons and owner claims. */
export type Feature = 'writeBack' | 'incidentActions' | 'ownerClaims';

export type EntityType = 'dataset' | 'mlModel' | 'incident';

export interface PrivilegeNeed {
  /** DataHub's privilege type, as a policy lists it (PoliciesConfig). */
  privilege: string;
  /** `platform`: a platform policy grants it; `entity`: a metadata policy on the entities written. */
  scope: 'platform' | 'entity';
  /** What GMS accepts instead (EDIT_ENTITY for every entity check). */
  alternatives: string[];
  /** The entities it is checked on (none for a platform privilege). */
  entityTypes: EntityType[];
}

/** What one write does, in words, for the report of a refusal. */
export interface WriteNeed extends PrivilegeNeed {
  what: string;
}

const entity = (privilege: string, entityTypes: EntityType[], what: string): WriteNeed => ({
  privilege,
  scope: 'entity',
  alternatives: ['EDIT_ENTITY'],
  entityTypes,
  what,
});

/** Each write and the privilege it needs. A missing entry fails to compile. */
export const WRITE_PRIVILEGES: Record<JanusWrite, WriteNeed> = {
  createTag: {
    privilege: 'CREATE_TAGS',
    scope: 'platform',
    alternatives: ['MANAGE_TAGS'],
    entityTypes: [],
    what: 'create the model-at-risk tag',
  },
  createProperty: {
    privilege: 'MANAGE_STRUCTURED_PROPERTIES',
    scope: 'platform',
    alternatives: [],
    entityTypes: [],
    what: "define Janus's structured properties",
  },
  // an incident is written at its own urn through GMS's ingestion endpoint (writeback/incident-write.ts), which checks
  // EDIT_ENTITY (or CREATE_ENTITY) on the incident itself (AspectResource, PoliciesConfig.API_PRIVILEGE_MAP)
  raiseIncident: {
    privilege: 'EDIT_ENTITY',
    scope: 'entity',
    alternatives: ['CREATE_ENTITY'],
    entityTypes: ['incident'],
    what: 'raise incidents (written at their own urn through ingestion)',
  },
  resolveIncident: entity('EDIT_ENTITY_INCIDENTS', ['dataset'], 'resolve incidents on datasets'),
  reopenIncident: entity('EDIT_ENTITY_INCIDENTS', ['dataset'], 'reopen incidents on datasets'),
  upsertAssertion: entity('EDIT_ENTITY_ASSERTIONS', ['dataset'], 'record guard assertions on datasets'),
  reportAssertion: entity('EDIT_ENTITY_ASSERTIONS', ['dataset'], 'report guard assertion results'),
  recordAssertion: entity('EDIT_ENTITY_ASSERTIONS', ['dataset'], 'record the latest result on a guard assertion'),
  setTrust: entity('EDIT_ENTITY_PROPERTIES', ['mlModel'], "set models' trust score and band"),
  setReasons: entity('EDIT_ENTITY_PROPERTIES', ['mlModel'], "set models' risk reasons"),
  clearReasons: entity('EDIT_ENTITY_PROPERTIES', ['mlModel'], "clear models' risk reasons"),
  addTag: entity('EDIT_ENTITY_TAGS', ['mlModel'], 'tag at-risk models'),
  removeTag: entity('EDIT_ENTITY_TAGS', ['mlModel'], 'untag models no longer at risk'),
  upsertLink: entity('EDIT_ENTITY_DOC_LINKS', ['mlModel'], 'link models to their impact report'),
  removeLink: entity('EDIT_ENTITY_DOC_LINKS', ['mlModel'], 'remove stale report links'),
  // UpdateIncidentStatusResolver checks the incident's first entity: Janus raises on one dataset
  incidentAction: entity('EDIT_ENTITY_INCIDENTS', ['dataset'], 'acknowledge and resolve incidents from Slack'),
  claimOwnership: entity('EDIT_ENTITY_OWNERS', ['mlModel', 'dataset'], 'change owners from Slack'),
};

/** Every write-back kind, in the order they are applied. */
const WRITE_BACK: readonly JanusWrite[] = WRITE_ORDER;

export const FEATURE_WRITES: Record<Feature, readonly JanusWrite[]> = {
  writeBack: WRITE_BACK,
  incidentActions: ['incidentAction'],
  ownerClaims: ['claimOwnership'],
};

/** One privilege the token needs, and the writes that need it. */
export interface RequiredPrivilege extends PrivilegeNeed {
  writes: JanusWrite[];
}

/** The privileges the features need, one entry a privilege (platform ones first), each naming the writes it allows. */
export function requiredPrivileges(features: Iterable<Feature>): RequiredPrivilege[] {
  const byPrivilege = new Map<string, RequiredPrivilege>();
  for (const feature of new Set(features))
    for (const write of FEATURE_WRITES[feature]) {
      const { what: _what, ...need } = WRITE_PRIVILEGES[write];
      const entry = byPrivilege.get(need.privilege);
      if (!entry) byPrivilege.set(need.privilege, { ...need, entityTypes: [...need.entityTypes], writes: [write] });
      else {
        if (!entry.writes.includes(write)) entry.writes.push(write);
        for (const t of need.entityTypes) if (!entry.entityTypes.includes(t)) entry.entityTypes.push(t);
      }
    }
  const scopeRank = (r: RequiredPrivilege) => (r.scope === 'platform' ? 0 : 1);
  return [...byPrivilege.values()].sort((a, b) => scopeRank(a) - scopeRank(b));
}

/** The privilege a write needs, as a report says it: "EDIT_ENTITY_TAGS (or EDIT_ENTITY) on ML models". */
export function describeNeed(write: JanusWrite): string {
  const need = WRITE_PRIVILEGES[write];
  const or = need.alternatives.length ? ` (or ${need.alternatives.join(' or ')})` : '';
  const on = need.entityTypes.length ? ` on ${need.entityTypes.map((t) => ENTITY_WORDS[t]).join(' and ')}` : '';
  return `${need.privilege}${or}${on}`;
}

const ENTITY_WORDS: Record<EntityType, string> = { dataset: 'datasets', mlModel: 'ML models', incident: 'incidents' };

/** What Janus says of a write DataHub refused (403): what it could not do, and the privilege its token lacks. */
export const refusalMessage = (write: JanusWrite): string =>
  `DataHub refused to ${WRITE_PRIVILEGES[write].what}: the token lacks ${describeNeed(write)}`;

/** A write's error, saying which privilege the token lacks when DataHub refused it for that (403). */
export const namingPrivilege = (err: DataHubError, write: JanusWrite): DataHubError =>
  err.status === 403 ? new DataHubError(refusalMessage(write), 'datahub.graphql', err.operation, 403) : err;
