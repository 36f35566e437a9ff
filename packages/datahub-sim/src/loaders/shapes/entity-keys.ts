import { FABRIC_TYPES as FABRIC_TYPE_LIST } from '../../fabric-types.js';
/**
 * The entity types of DataHub's entity registry (`entity-registry.yml`) the simulator knows, with the parts of each
 * one's key aspect (`<entity>Key.pdl`) as a urn spells them. GMS builds the key aspect from a urn
 * (`EntityKeyUtils.convertUrnToEntityKey`) and validates it, so a urn of an unknown entity type, with the wrong
 * number of key parts, or whose typed part is not the right kind of urn or enum symbol is refused.
 * Entity types are looked up case-insensitively, as `ConfigEntityRegistry.getEntitySpec` does.
 */

/** A key part: a free string, a urn of one entity type, or a `FabricType` symbol. */
type KeyPart = 'string' | 'fabric' | { urnOf: string };

const PLATFORM = { urnOf: 'dataPlatform' } as const;
const ONE: KeyPart[] = ['string'];

/** `FabricType`'s symbols, as GMS checks a urn's environment. */
export const FABRIC_TYPES: ReadonlySet<string> = new Set(FABRIC_TYPE_LIST);

const KEYS: Record<string, KeyPart[]> = {
  dataset: [PLATFORM, 'string', 'fabric'],
  mlModel: [PLATFORM, 'string', 'fabric'],
  mlModelGroup: [PLATFORM, 'string', 'fabric'],
  mlModelDeployment: [PLATFORM, 'string', 'fabric'],
  mlFeatureTable: [PLATFORM, 'string'],
  mlFeature: ['string', 'string'],
  mlPrimaryKey: ['string', 'string'],
  dataFlow: ['string', 'string', 'string'],
  dataJob: [{ urnOf: 'dataFlow' }, 'string'],
  chart: ['string', 'string'],
  dashboard: ['string', 'string'],
  dataPlatformInstance: [PLATFORM, 'string'],
  // the parent is any entity's urn; its field path may hold commas, so the key is read as (parent, rest)
  schemaField: [{ urnOf: '*' }, 'string'],
};

/** Entity types whose key is a single string (`<entity>Key` with one field). */
const SINGLE_KEYED = [
  'application',
  'assertion',
  'businessAttribute',
  'container',
  'corpGroup',
  'corpuser',
  'dataContract',
  'dataHubAccessToken',
  'dataHubConnection',
  'dataHubExecutionRequest',
  'dataHubIngestionSource',
  'dataHubPersona',
  'dataHubPolicy',
  'dataHubRetention',
  'dataHubRole',
  'dataHubSecret',
  'dataHubStepState',
  'dataHubUpgrade',
  'dataHubView',
  'dataPlatform',
  'dataProcessInstance',
  'dataProduct',
  'dataType',
  'document',
  'domain',
  'entityType',
  'erModelRelationship',
  'form',
  'globalSettings',
  'glossaryNode',
  'glossaryTerm',
  'incident',
  'inviteToken',
  'notebook',
  'ownershipType',
  'post',
  'query',
  'structuredProperty',
  'tag',
  'telemetry',
  'test',
  'versionSet',
];

const REGISTRY = new Map<string, { name: string; key: KeyPart[] }>(
  [...Object.entries(KEYS), ...SINGLE_KEYED.map((name) => [name, ONE] as const)].map(([name, key]) => [
    name.toLowerCase(),
    { name, key },
  ]),
);

/** The registry's spelling of an entity type (`mlmodel` → `mlModel`), or undefined when DataHub has no such entity. */
export const registeredEntity = (entityType: string): string | undefined =>
  REGISTRY.get(entityType.toLowerCase())?.name;

/** The key parts an entity type's urn must have, or undefined for an unknown entity type. */
export const keyPartsOf = (entityType: string): readonly KeyPart[] | undefined =>
  REGISTRY.get(entityType.toLowerCase())?.key;

export type { KeyPart };
