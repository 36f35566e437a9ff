#!/usr/bin/env node
// Maintainer tool: regenerates the simulator's schema as a pruned subset of DataHub's real schema
// (../shared/reference/datahub-graphql, absent from a plain clone): src/schema/datahub.graphql for the current
// release, or schemas/<release>/datahub.graphql for an older one (--release, from datahub-graphql-versions/<release>).
// Pruning never edits a definition: a kept field keeps its exact type and every argument; a kept
// input type or enum is kept whole. To widen the simulator, add fields to KEEP and rerun (for every release).
//   node packages/datahub-sim/scripts/extract-schema.mjs [schemaDir]        (from the repository's root)
//   node packages/datahub-sim/scripts/extract-schema.mjs --release v1.0.0   (an older release's subset)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildASTSchema,
  parse,
  concatAST,
  printType,
  getNamedType,
  isObjectType,
  isInterfaceType,
  isInputObjectType,
  isEnumType,
  isUnionType,
  isScalarType,
  isSpecifiedScalarType,
  isNonNullType,
  GraphQLObjectType,
  GraphQLInterfaceType,
  GraphQLUnionType,
} from 'graphql';

const args = process.argv.slice(2);
const releaseAt = args.indexOf('--release');
const release = releaseAt >= 0 ? args.splice(releaseAt, 2)[1] : undefined;
const schemaDir = path.resolve(
  args[0] ??
    (release ? `../shared/reference/datahub-graphql-versions/${release}` : '../shared/reference/datahub-graphql'),
);
const out = fileURLToPath(
  new URL(release ? `../schemas/${release}/datahub.graphql` : '../src/schema/datahub.graphql', import.meta.url),
);

/**
 * Fields of KEEP that an older release does not have yet (they arrived later): left out of that release's subset.
 * Any other field of KEEP missing from a release is an error, so nothing is dropped by accident.
 */
const NOT_YET = {
  'v1.0.0': [
    'EntityPrivileges.canEditAssertionOwners',
    'Mutation.upsertLink',
    'Incident.incidentStatus',
    'DataJob.platform',
    'DataFlow.runs',
    'SearchAcrossLineageResults.isPartial',
    'SearchAcrossLineageResults.lineageSearchPath',
    'ScrollAcrossLineageResults.isPartial',
    'MLModelGroupProperties.externalUrl',
    'TagAssociation.context',
    'GlossaryTermAssociation.context',
    'InstitutionalMemoryMetadata.updated',
    'InstitutionalMemoryMetadata.settings',
    'SchemaFieldEntity.tags',
    'SchemaFieldEntity.glossaryTerms',
    'AssertionResult.severity',
  ],
  'v1.3.0': [
    'EntityPrivileges.canEditAssertionOwners',
    'DataFlow.runs',
    'SearchAcrossLineageResults.isPartial',
    'ScrollAcrossLineageResults.isPartial',
    'AssertionResult.severity',
  ],
};
if (release && !NOT_YET[release]) throw new Error(`unknown release ${release}: add it to NOT_YET`);
const notYet = new Set(release ? NOT_YET[release] : []);

const ENTITY = ['urn', 'type', 'relationships'];
const LINEAGE_ENTITY = [...ENTITY, 'lineage'];
const COMMON = [
  'ownership',
  'tags',
  'glossaryTerms',
  'status',
  'deprecation',
  'institutionalMemory',
  'structuredProperties',
  'exists',
  'lastIngested',
];

/** Object and interface types with the fields the simulator serves. Unlisted object types keep only their leaf fields. */
const KEEP = {
  Query: [
    'mlModel',
    'mlModelGroup',
    'mlFeature',
    'mlFeatureTable',
    'mlPrimaryKey',
    'dataset',
    'dataJob',
    'dataFlow',
    'corpUser',
    'corpGroup',
    'entity',
    'entities',
    'entityExists',
    'searchAcrossEntities',
    'searchAcrossLineage',
    'scrollAcrossLineage',
    'scrollAcrossEntities',
    'tag',
    'structuredProperty',
    'assertion',
    'me',
  ],
  Mutation: [
    'raiseIncident',
    'updateIncidentStatus',
    'createTag',
    'addTag',
    'addTags',
    'batchAddTags',
    'removeTag',
    'batchRemoveTags',
    'createStructuredProperty',
    'upsertStructuredProperties',
    'upsertCustomAssertion',
    'reportAssertionResult',
    'addLink',
    'upsertLink',
    'removeLink',
    'addOwner',
    'addOwners',
    'removeOwner',
    'reportOperation',
    'removeStructuredProperties',
  ],
  Entity: ENTITY,
  EntityWithRelationships: LINEAGE_ENTITY,
  Dataset: [
    ...LINEAGE_ENTITY,
    ...COMMON,
    'platform',
    'name',
    'origin',
    'properties',
    'editableProperties',
    'schemaMetadata',
    'editableSchemaMetadata',
    'operations',
    'datasetProfiles',
    'assertions',
    'runs',
    'fineGrainedLineages',
    'incidents',
    'health',
    'privileges',
    'siblings',
  ],
  SiblingProperties: ['isPrimary', 'siblings'],
  MLModel: [
    ...LINEAGE_ENTITY,
    ...COMMON,
    'name',
    'platform',
    'origin',
    'description',
    'properties',
    'trainingData',
    'evaluationData',
    'privileges',
  ],
  MLModelGroup: [
    ...LINEAGE_ENTITY,
    'name',
    'platform',
    'origin',
    'description',
    'properties',
    'ownership',
    'tags',
    'exists',
  ],
  MLFeature: [...LINEAGE_ENTITY, ...COMMON, 'name', 'featureNamespace', 'description', 'dataType', 'properties'],
  MLFeatureTable: [...LINEAGE_ENTITY, ...COMMON, 'name', 'platform', 'description', 'properties'],
  MLPrimaryKey: [...LINEAGE_ENTITY, ...COMMON, 'name', 'featureNamespace', 'description', 'dataType', 'properties'],
  DataJob: [
    ...LINEAGE_ENTITY,
    ...COMMON,
    'dataFlow',
    'jobId',
    'properties',
    'platform',
    'inputOutput',
    'incidents',
    'runs',
    'health',
  ],
  DataFlow: [
    ...LINEAGE_ENTITY,
    ...COMMON,
    'orchestrator',
    'flowId',
    'cluster',
    'properties',
    'platform',
    'runs',
    'incidents',
  ],
  DataProcessInstance: [
    ...LINEAGE_ENTITY,
    'exists',
    'status',
    'state',
    'created',
    'name',
    'externalUrl',
    'properties',
    'parentTemplate',
  ],
  CorpUser: [
    ...ENTITY,
    'username',
    'properties',
    'editableProperties',
    'status',
    'tags',
    'exists',
    'structuredProperties',
    'isNativeUser',
  ],
  CorpGroup: [...ENTITY, 'name', 'ownership', 'properties', 'editableProperties', 'exists', 'structuredProperties'],
  SchemaFieldEntity: [
    ...LINEAGE_ENTITY,
    'fieldPath',
    'parent',
    'status',
    'deprecation',
    'tags',
    'glossaryTerms',
    'structuredProperties',
  ],
  Incident: [
    ...ENTITY,
    'incidentType',
    'customType',
    'title',
    'description',
    'incidentStatus',
    'status',
    'priority',
    'assignees',
    'entity',
    'source',
    'startedAt',
    'created',
    'tags',
  ],
  Assertion: [...LINEAGE_ENTITY, 'platform', 'info', 'runEvents', 'status', 'tags', 'aspects'],
  Tag: [...ENTITY, 'name', 'properties', 'description', 'ownership'],
  StructuredPropertyEntity: [...ENTITY, 'exists', 'definition', 'settings'],
  DataPlatform: [...ENTITY, 'name', 'properties', 'displayName'],
  OwnershipTypeEntity: [...ENTITY, 'info', 'status'],
  DataTypeEntity: [...ENTITY, 'info'],
  EntityTypeEntity: [...ENTITY, 'info'],
  GlossaryTerm: [...ENTITY, 'name', 'hierarchicalName', 'properties'],
  AuthenticatedUser: ['corpUser', 'platformPrivileges'],
  // the checks the simulator makes (auth/entity-privileges.ts); EntityPrivilegesResolver answers more
  EntityPrivileges: [
    'canEditProperties',
    'canEditTags',
    'canEditLinks',
    'canEditOwners',
    'canEditIncidents',
    'canEditAssertions',
    'canEditAssertionOwners',
  ],
  SearchResults: ['start', 'count', 'total', 'searchResults'],
  ScrollResults: ['nextScrollId', 'count', 'total', 'searchResults'],
  SearchResult: ['entity', 'matchedFields'],
  SearchAcrossLineageResults: ['start', 'count', 'total', 'searchResults', 'isPartial', 'lineageSearchPath'],
  ScrollAcrossLineageResults: ['nextScrollId', 'count', 'total', 'searchResults', 'isPartial'],
  SearchAcrossLineageResult: [
    'entity',
    'matchedFields',
    'paths',
    'degree',
    'degrees',
    'explored',
    'truncatedChildren',
    'ignoredAsHop',
  ],
  EntityPath: ['path'],
  EntityLineageResult: ['start', 'count', 'total', 'filtered', 'relationships'],
  LineageRelationship: ['type', 'entity', 'degree', 'createdOn', 'updatedOn', 'isManual', 'paths'],
  EntityRelationshipsResult: ['start', 'count', 'total', 'relationships'],
  EntityRelationship: ['type', 'direction', 'entity', 'created'],
  Ownership: ['owners', 'lastModified'],
  Owner: ['owner', 'type', 'ownershipType', 'source', 'associatedUrn'],
  GlobalTags: ['tags'],
  TagAssociation: ['tag', 'associatedUrn', 'context'],
  GlossaryTerms: ['terms'],
  GlossaryTermAssociation: ['term', 'associatedUrn', 'context'],
  StructuredProperties: ['properties'],
  StructuredPropertiesEntry: ['structuredProperty', 'values', 'valueEntities', 'associatedUrn'],
  StructuredPropertyDefinition: [
    'qualifiedName',
    'displayName',
    'description',
    'cardinality',
    'allowedValues',
    'valueType',
    'typeQualifier',
    'entityTypes',
    'immutable',
  ],
  TypeQualifier: ['allowedTypes'],
  AllowedValue: ['value', 'description'],
  InstitutionalMemory: ['elements'],
  InstitutionalMemoryMetadata: ['url', 'label', 'actor', 'created', 'updated', 'associatedUrn', 'settings'],
  DatasetProperties: [
    'name',
    'qualifiedName',
    'origin',
    'description',
    'customProperties',
    'externalUrl',
    'created',
    'lastModified',
  ],
  DatasetEditableProperties: ['description', 'name'],
  MLModelProperties: [
    'name',
    'description',
    'lastModified',
    'version',
    'type',
    'hyperParams',
    'trainingMetrics',
    'mlFeatures',
    'tags',
    'groups',
    'customProperties',
    'externalUrl',
    'created',
    'mlModelLineageInfo',
  ],
  MLModelGroupProperties: ['name', 'description', 'customProperties', 'externalUrl'],
  MLModelLineageInfo: ['trainingJobs', 'downstreamJobs'],
  MLFeatureProperties: ['description', 'dataType', 'sources', 'customProperties'],
  MLFeatureTableProperties: ['description', 'mlFeatures', 'mlPrimaryKeys', 'customProperties'],
  MLPrimaryKeyProperties: ['description', 'dataType', 'sources', 'customProperties'],
  BaseData: ['dataset', 'motivation', 'preProcessing'],
  SchemaMetadata: ['datasetUrn', 'name', 'platformUrn', 'version', 'hash', 'fields', 'primaryKeys', 'createdAt'],
  SchemaField: [
    'fieldPath',
    'label',
    'nullable',
    'description',
    'type',
    'nativeDataType',
    'recursive',
    'globalTags',
    'tags',
    'glossaryTerms',
    'isPartOfKey',
    'isPartitioningKey',
    'schemaFieldEntity',
  ],
  EditableSchemaMetadata: ['editableSchemaFieldInfo'],
  EditableSchemaFieldInfo: ['fieldPath', 'description', 'globalTags', 'tags', 'glossaryTerms'],
  DataJobInputOutput: ['inputDatasets', 'outputDatasets', 'inputDatajobs', 'fineGrainedLineages'],
  DataJobProperties: ['name', 'description', 'externalUrl', 'customProperties'],
  DataFlowProperties: ['name', 'description', 'project', 'externalUrl', 'customProperties'],
  FineGrainedLineage: ['upstreams', 'downstreams', 'query', 'transformOperation'],
  AssertionInfo: ['type', 'description', 'externalUrl', 'freshnessAssertion', 'customAssertion', 'lastUpdated'],
  CustomAssertionInfo: ['type', 'entityUrn', 'field', 'logic'],
  FreshnessAssertionInfo: ['entityUrn', 'type', 'schedule'],
  FreshnessAssertionSchedule: ['type', 'cron', 'fixedInterval'],
  AssertionRunEventsResult: ['total', 'failed', 'succeeded', 'errored', 'runEvents'],
  AssertionRunEvent: [
    'timestampMillis',
    'lastObservedMillis',
    'assertionUrn',
    'asserteeUrn',
    'runId',
    'status',
    'result',
  ],
  AssertionResult: [
    'type',
    'rowCount',
    'missingCount',
    'unexpectedCount',
    'actualAggValue',
    'externalUrl',
    'nativeResults',
    'error',
    'severity',
  ],
  EntityIncidentsResult: ['start', 'count', 'total', 'incidents'],
  EntityAssertionsResult: ['start', 'count', 'total', 'assertions'],
  DataProcessInstanceResult: ['count', 'start', 'total', 'runs'],
  DataProcessInstanceProperties: ['name', 'externalUrl', 'created', 'customProperties'],
  DataProcessRunEvent: ['status', 'attempt', 'result', 'timestampMillis', 'durationMillis'],
  IncidentSource: ['type', 'source'],
  IncidentStatus: ['state', 'stage', 'message', 'lastUpdated'],
  CorpUserProperties: [
    'active',
    'displayName',
    'email',
    'title',
    'firstName',
    'lastName',
    'fullName',
    'customProperties',
  ],
  TimeSeriesAspect: ['timestampMillis'],
};

const read = (dir) =>
  buildASTSchema(
    concatAST(
      fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.graphql'))
        .sort()
        .map((f) => parse(fs.readFileSync(path.join(dir, f), 'utf8'))),
    ),
  );
const real = read(schemaDir);

const isLeaf = (t) => {
  const n = getNamedType(t);
  return isScalarType(n) || isEnumType(n);
};
const requiredArgs = (f) => f.args.some((a) => isNonNullType(a.type) && a.defaultValue === undefined);

const kept = new Map(); // type name -> Set of field names (objects/interfaces) or true
const queue = ['Query', 'Mutation'];
const visit = (name) => {
  if (!kept.has(name)) queue.push(name);
};
const fieldsFor = (t) => {
  const all = t.getFields();
  const wanted = KEEP[t.name] ?? Object.keys(all).filter((f) => isLeaf(all[f].type) && !requiredArgs(all[f]));
  for (const f of wanted) {
    if (all[f] ? notYet.has(`${t.name}.${f}`) : !notYet.has(`${t.name}.${f}`))
      throw new Error(`${t.name}.${f} is ${all[f] ? '' : 'not '}in DataHub's schema ${release ?? ''}: see NOT_YET`);
  }
  return new Set(wanted.filter((f) => all[f]));
};
while (queue.length) {
  const name = queue.shift();
  if (kept.has(name)) continue;
  const t = real.getType(name);
  if (!t) throw new Error(`type ${name} is not in DataHub's schema`);
  if (isScalarType(t) && isSpecifiedScalarType(t)) continue;
  if (isObjectType(t) || isInterfaceType(t)) {
    const fields = fieldsFor(t);
    for (const i of t.getInterfaces()) if (KEEP[i.name]) for (const f of KEEP[i.name]) fields.add(f);
    kept.set(name, fields);
    for (const f of fields) {
      const field = t.getFields()[f];
      visit(getNamedType(field.type).name);
      for (const a of field.args) visit(getNamedType(a.type).name);
    }
    for (const i of t.getInterfaces()) if (KEEP[i.name]) visit(i.name);
  } else if (isInputObjectType(t)) {
    kept.set(name, true);
    for (const f of Object.values(t.getFields())) visit(getNamedType(f.type).name);
  } else if (isUnionType(t)) {
    kept.set(name, true);
    for (const m of t.getTypes()) visit(m.name);
  } else kept.set(name, true);
}

// Rebuild pruned object/interface types, then print every kept definition.
const pruned = new Map();
const prune = (t) => {
  if (pruned.has(t.name)) return pruned.get(t.name);
  const cfg = t.toConfig();
  const fields = kept.get(t.name);
  const Ctor = isObjectType(t) ? GraphQLObjectType : GraphQLInterfaceType;
  const p = new Ctor({
    ...cfg,
    description: undefined,
    interfaces: () => (cfg.interfaces ?? []).filter((i) => kept.has(i.name)).map(prune),
    fields: Object.fromEntries(
      Object.entries(cfg.fields)
        .filter(([f]) => fields.has(f))
        .map(([f, c]) => [
          f,
          {
            ...c,
            description: undefined,
            args: Object.fromEntries(
              Object.entries(c.args ?? {}).map(([a, ac]) => [a, { ...ac, description: undefined }]),
            ),
          },
        ]),
    ),
  });
  pruned.set(t.name, p);
  return p;
};
const blocks = [];
for (const name of [...kept.keys()].sort()) {
  const t = real.getType(name);
  let def;
  if (isObjectType(t) || isInterfaceType(t)) def = prune(t);
  else if (isUnionType(t))
    def = new GraphQLUnionType({
      ...t.toConfig(),
      description: undefined,
      types: t
        .getTypes()
        .filter((m) => kept.has(m.name))
        .map(prune),
    });
  else def = t;
  blocks.push(
    printType(def)
      .replace(/^"""[\s\S]*?"""\n|^"[^\n]*"\n/gm, '')
      .replace(/^\s*"""[\s\S]*?"""\n|^\s*"[^\n]*"\n/gm, ''),
  );
}
const header = `# DataHub GraphQL schema${release ? ` of release ${release}` : ''}, the subset the Janus simulator serves.
# Generated by scripts/extract-schema.mjs from DataHub's real schema; do not edit by hand.
# Every type, field, argument and enum value here exists in DataHub with the same type.\n\n`;
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, header + blocks.join('\n\n') + '\n');
console.log(`wrote ${path.relative(process.cwd(), out)}: ${kept.size} types`);
