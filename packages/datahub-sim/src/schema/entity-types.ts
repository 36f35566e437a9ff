/** How each DataHub entity type (the urn's type segment) appears in GraphQL: object type and EntityType value. */
export interface EntityKind {
  graphqlType: string;
  entityType: string;
}

export const ENTITY_KINDS: Record<string, EntityKind> = {
  dataset: { graphqlType: 'Dataset', entityType: 'DATASET' },
  schemaField: { graphqlType: 'SchemaFieldEntity', entityType: 'SCHEMA_FIELD' },
  mlModel: { graphqlType: 'MLModel', entityType: 'MLMODEL' },
  mlModelGroup: { graphqlType: 'MLModelGroup', entityType: 'MLMODEL_GROUP' },
  mlFeature: { graphqlType: 'MLFeature', entityType: 'MLFEATURE' },
  mlFeatureTable: { graphqlType: 'MLFeatureTable', entityType: 'MLFEATURE_TABLE' },
  mlPrimaryKey: { graphqlType: 'MLPrimaryKey', entityType: 'MLPRIMARY_KEY' },
  dataJob: { graphqlType: 'DataJob', entityType: 'DATA_JOB' },
  dataFlow: { graphqlType: 'DataFlow', entityType: 'DATA_FLOW' },
  dataProcessInstance: { graphqlType: 'DataProcessInstance', entityType: 'DATA_PROCESS_INSTANCE' },
  corpuser: { graphqlType: 'CorpUser', entityType: 'CORP_USER' },
  corpGroup: { graphqlType: 'CorpGroup', entityType: 'CORP_GROUP' },
  incident: { graphqlType: 'Incident', entityType: 'INCIDENT' },
  assertion: { graphqlType: 'Assertion', entityType: 'ASSERTION' },
  tag: { graphqlType: 'Tag', entityType: 'TAG' },
  glossaryTerm: { graphqlType: 'GlossaryTerm', entityType: 'GLOSSARY_TERM' },
  structuredProperty: { graphqlType: 'StructuredPropertyEntity', entityType: 'STRUCTURED_PROPERTY' },
  dataPlatform: { graphqlType: 'DataPlatform', entityType: 'DATA_PLATFORM' },
  ownershipType: { graphqlType: 'OwnershipTypeEntity', entityType: 'CUSTOM_OWNERSHIP_TYPE' },
  dataType: { graphqlType: 'DataTypeEntity', entityType: 'DATA_TYPE' },
  entityType: { graphqlType: 'EntityTypeEntity', entityType: 'ENTITY_TYPE' },
};

const BY_ENTITY_TYPE = new Map(Object.entries(ENTITY_KINDS).map(([name, k]) => [k.entityType, name]));

/** GraphQL EntityType value (e.g. `MLMODEL`) → urn type segment (e.g. `mlModel`). */
export const urnTypeForEntityType = (entityType: string): string | undefined => BY_ENTITY_TYPE.get(entityType);

/** The `urn:li:entityType:datahub.<name>` urn DataHub uses for an entity type in structured properties. */
export const entityTypeUrn = (urnType: string): string => `urn:li:entityType:datahub.${urnType}`;
