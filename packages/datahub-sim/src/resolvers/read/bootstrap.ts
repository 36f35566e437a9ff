import type { Raw } from './raw.js';

/**
 * Aspects DataHub writes at startup (metadata-service bootstrap_mcps and the entity-type step), so a fresh
 * GMS already answers for them. The simulator serves them when the store has no value of its own.
 */
const DATA_TYPES: Record<string, [string, string]> = {
  'datahub.string': ['String', 'A string of characters.'],
  'datahub.number': ['Number', 'An integer or decimal number.'],
  'datahub.urn': ['Urn', 'An unique identifier for a DataHub entity.'],
  'datahub.rich_text': ['Rich Text', 'An attributed string of characters.'],
  'datahub.date': ['Date', 'A specific day, without time.'],
};

const OWNERSHIP_TYPES: Record<string, [string, string]> = {
  __system__technical_owner: [
    'Technical Owner',
    'Involved in the production, maintenance, or distribution of the asset(s).',
  ],
  __system__business_owner: [
    'Business Owner',
    'Principle stakeholders or domain experts associated with the asset(s).',
  ],
  __system__data_steward: ['Data Steward', 'Involved in governance of the asset(s).'],
  __system__none: ['None', 'No ownership type specified.'],
};

/** Entity names that have an `urn:li:entityType:datahub.<name>` entity, with their GraphQL EntityType (EntityTypeUrnMapper). */
export const ENTITY_TYPE_NAMES: Record<string, string> = {
  domain: 'DOMAIN',
  dataset: 'DATASET',
  corpuser: 'CORP_USER',
  corpGroup: 'CORP_GROUP',
  dataPlatform: 'DATA_PLATFORM',
  erModelRelationship: 'ER_MODEL_RELATIONSHIP',
  dashboard: 'DASHBOARD',
  notebook: 'NOTEBOOK',
  chart: 'CHART',
  dataFlow: 'DATA_FLOW',
  dataJob: 'DATA_JOB',
  tag: 'TAG',
  glossaryTerm: 'GLOSSARY_TERM',
  glossaryNode: 'GLOSSARY_NODE',
  container: 'CONTAINER',
  mlModel: 'MLMODEL',
  mlModelGroup: 'MLMODEL_GROUP',
  mlFeatureTable: 'MLFEATURE_TABLE',
  mlFeature: 'MLFEATURE',
  mlPrimaryKey: 'MLPRIMARY_KEY',
  dataHubIngestionSource: 'INGESTION_SOURCE',
  dataHubExecutionRequest: 'EXECUTION_REQUEST',
  assertion: 'ASSERTION',
  dataProcessInstance: 'DATA_PROCESS_INSTANCE',
  dataPlatformInstance: 'DATA_PLATFORM_INSTANCE',
  dataHubAccessToken: 'ACCESS_TOKEN',
  test: 'TEST',
  dataHubPolicy: 'DATAHUB_POLICY',
  dataHubRole: 'DATAHUB_ROLE',
  post: 'POST',
  schemaField: 'SCHEMA_FIELD',
  dataHubView: 'DATAHUB_VIEW',
  query: 'QUERY',
  dataProduct: 'DATA_PRODUCT',
  ownershipType: 'CUSTOM_OWNERSHIP_TYPE',
  incident: 'INCIDENT',
  role: 'ROLE',
  structuredProperty: 'STRUCTURED_PROPERTY',
  form: 'FORM',
  dataType: 'DATA_TYPE',
  entityType: 'ENTITY_TYPE',
  restricted: 'RESTRICTED',
  businessAttribute: 'BUSINESS_ATTRIBUTE',
};

/** The root user every GMS creates (bootstrap_mcps/root-user.yaml); the default token actor. */
export const ROOT_USER = 'urn:li:corpuser:datahub';
export const DEFAULT_AVATAR =
  'https://raw.githubusercontent.com/datahub-project/datahub/master/datahub-web-react/src/images/default_avatar.png';

function bootstrapAspects(urn: string): Record<string, Raw> | undefined {
  const dataType = /^urn:li:dataType:(.+)$/.exec(urn)?.[1];
  if (dataType !== undefined) {
    const known = DATA_TYPES[dataType];
    return known && { dataTypeInfo: { qualifiedName: dataType, displayName: known[0], description: known[1] } };
  }
  const ownershipType = /^urn:li:ownershipType:(.+)$/.exec(urn)?.[1];
  if (ownershipType !== undefined) {
    const known = OWNERSHIP_TYPES[ownershipType];
    return known && { ownershipTypeInfo: { name: known[0], description: known[1] } };
  }
  const entityType = /^urn:li:entityType:datahub\.(.+)$/.exec(urn)?.[1];
  if (entityType !== undefined) {
    // IngestEntityTypesStep writes the entity name as display name (guess: no display names in the registry).
    return ENTITY_TYPE_NAMES[entityType]
      ? { entityTypeInfo: { qualifiedName: `datahub.${entityType}`, displayName: entityType } }
      : undefined;
  }
  if (urn === ROOT_USER) {
    return {
      corpUserInfo: { active: true, displayName: 'DataHub', title: 'DataHub Root User' },
      corpUserEditableInfo: { skills: [], teams: [], pictureLink: DEFAULT_AVATAR },
    };
  }
  return undefined;
}

/** A bootstrapped aspect, if DataHub creates this one at startup. */
export function bootstrapAspect(urn: string, aspectName: string): Raw | undefined {
  return bootstrapAspects(urn)?.[aspectName];
}

/** True for entities every GMS has from the start. */
export const isBootstrapped = (urn: string): boolean => bootstrapAspects(urn) !== undefined;
