import { asNumber, asObject, asString, at, objects, strings, type Json } from '../store/aspect-values.js';

/**
 * The `@Relationship` annotations DataHub declares on the aspects Janus's catalogs carry, with the fields
 * GMS copies onto each graph edge (createdOn/updatedOn/properties/via), as in metadata-models' PDL files.
 */

/** One edge an aspect yields, before the source urn is attached. */
export interface EdgeTarget {
  destination: string;
  createdOn?: number;
  createdActor?: string;
  updatedOn?: number;
  updatedActor?: string;
  properties?: Json;
  via?: string;
}

export interface RelationshipSpec {
  aspect: string;
  name: string;
  /** Entity types that carry the aspect (the relationship's source types in the lineage registry). */
  sourceTypes: string[];
  /** The annotation's `entityTypes` (valid destination types). */
  destTypes: string[];
  isLineage?: boolean;
  /** `isUpstream` defaults to true in DataHub's RelationshipAnnotation. */
  isUpstream?: boolean;
  extract: (aspect: Json) => EdgeTarget[];
}

const urns = (v: unknown): EdgeTarget[] => strings(v).map((destination) => ({ destination }));
const urnAt = (aspect: Json, path: string): EdgeTarget[] => {
  const urn = asString(at(aspect, path));
  return urn ? [{ destination: urn }] : [];
};

/** `Edge` records (inputDatasetEdges, inputEdges, ...): destinationUrn plus created/lastModified stamps. */
const edgeRecords = (v: unknown): EdgeTarget[] =>
  objects(v)
    .filter((e) => typeof e.destinationUrn === 'string')
    .map((e) => ({
      destination: e.destinationUrn as string,
      createdOn: asNumber(at(e, 'created.time')),
      createdActor: asString(at(e, 'created.actor')),
      updatedOn: asNumber(at(e, 'lastModified.time')),
      updatedActor: asString(at(e, 'lastModified.actor')),
      properties: asObject(e.properties),
    }));

/** upstreamLineage.upstreams: `auditStamp` defaults to {time 0, actor unknown} (GMS fills PDL defaults). */
const upstreamRecords = (aspect: Json): EdgeTarget[] =>
  objects(aspect.upstreams)
    .filter((u) => typeof u.dataset === 'string')
    .map((u) => ({
      destination: u.dataset as string,
      createdOn: asNumber(at(u, 'created.time')),
      createdActor: asString(at(u, 'created.actor')),
      updatedOn: asNumber(at(u, 'auditStamp.time')) ?? 0,
      updatedActor: asString(at(u, 'auditStamp.actor')) ?? 'urn:li:corpuser:unknown',
      properties: asObject(u.properties),
      via: asString(u.query),
    }));

const ML_JOB_TYPES = ['dataJob', 'dataProcessInstance'];
const DPI_ASSET_TYPES = ['dataset', 'mlModel', 'dataProcessInstance'];
/** Assertion sub-records that point at their target through `entity` (Asserts). */
const ASSERTION_ENTITY_FIELDS = [
  'freshnessAssertion',
  'volumeAssertion',
  'sqlAssertion',
  'fieldAssertion',
  'schemaAssertion',
  'customAssertion',
];

type Extract = RelationshipSpec['extract'];

/** An `isLineage` relationship whose source is upstream-dependent on its destination (`isUpstream` true). */
const upstreamOf = (
  aspect: string,
  name: string,
  sourceTypes: string[],
  destTypes: string[],
  extract: Extract,
): RelationshipSpec => ({ aspect, name, sourceTypes, destTypes, isLineage: true, extract });
/** An `isLineage` relationship with `isUpstream: false`: the destination is downstream of the source. */
const downstreamOf = (
  aspect: string,
  name: string,
  sourceTypes: string[],
  destTypes: string[],
  extract: Extract,
): RelationshipSpec => ({ aspect, name, sourceTypes, destTypes, isLineage: true, isUpstream: false, extract });
/** A relationship that is not lineage (source types only matter for lineage, so they may be left empty). */
const plain = (aspect: string, name: string, destTypes: string[], extract: Extract): RelationshipSpec => ({
  aspect,
  name,
  sourceTypes: [],
  destTypes,
  extract,
});

const tagUrns = (v: unknown) => objects(at(v, 'globalTags.tags')).flatMap((t) => urnAt(t, 'tag'));
const termUrns = (v: unknown) => objects(at(v, 'glossaryTerms.terms')).flatMap((t) => urnAt(t, 'urn'));

export const RELATIONSHIP_SPECS: RelationshipSpec[] = [
  // upstreamLineage lives on datasets; DataHub's lineage registry also links mlModel / mlModelGroup to
  // datasets (LineageGraphFiltersTest lists them as dataset neighbours), which this aspect explains.
  upstreamOf('upstreamLineage', 'DownstreamOf', ['dataset', 'mlModel', 'mlModelGroup'], ['dataset'], upstreamRecords),
  plain('upstreamLineage', 'DownstreamOf', ['dataset', 'schemaField'], (a) =>
    objects(a.fineGrainedLineages).flatMap((l) => urns(l.upstreams)),
  ),

  upstreamOf('dataJobInputOutput', 'Consumes', ['dataJob'], ['dataset'], (a) => [
    ...urns(a.inputDatasets),
    ...edgeRecords(a.inputDatasetEdges),
  ]),
  downstreamOf('dataJobInputOutput', 'Produces', ['dataJob'], ['dataset'], (a) => [
    ...urns(a.outputDatasets),
    ...edgeRecords(a.outputDatasetEdges),
  ]),
  upstreamOf('dataJobInputOutput', 'DownstreamOf', ['dataJob'], ['dataJob'], (a) => [
    ...urns(a.inputDatajobs),
    ...edgeRecords(a.inputDatajobEdges),
  ]),
  plain('dataJobInputOutput', 'Consumes', ['schemaField'], (a) => urns(a.inputDatasetFields)),
  plain('dataJobInputOutput', 'Produces', ['schemaField'], (a) => urns(a.outputDatasetFields)),

  upstreamOf('mlModelProperties', 'Consumes', ['mlModel'], ['mlFeature'], (a) => urns(a.mlFeatures)),
  plain('mlModelProperties', 'DeployedTo', ['mlModelDeployment'], (a) => urns(a.deployments)),
  downstreamOf('mlModelProperties', 'MemberOf', ['mlModel'], ['mlModelGroup'], (a) => urns(a.groups)),
  upstreamOf('mlModelProperties', 'TrainedBy', ['mlModel'], ML_JOB_TYPES, (a) => urns(a.trainingJobs)),
  downstreamOf('mlModelProperties', 'UsedBy', ['mlModel'], ML_JOB_TYPES, (a) => urns(a.downstreamJobs)),
  upstreamOf('mlModelGroupProperties', 'TrainedBy', ['mlModelGroup'], ML_JOB_TYPES, (a) => urns(a.trainingJobs)),
  downstreamOf('mlModelGroupProperties', 'UsedBy', ['mlModelGroup'], ML_JOB_TYPES, (a) => urns(a.downstreamJobs)),
  upstreamOf('mlFeatureProperties', 'DerivedFrom', ['mlFeature'], ['dataset'], (a) => urns(a.sources)),
  upstreamOf('mlPrimaryKeyProperties', 'DerivedFrom', ['mlPrimaryKey'], ['dataset'], (a) => urns(a.sources)),
  plain('mlFeatureTableProperties', 'Contains', ['mlFeature'], (a) => urns(a.mlFeatures)),
  plain('mlFeatureTableProperties', 'KeyedBy', ['mlPrimaryKey'], (a) => urns(a.mlPrimaryKeys)),

  plain('dataProcessInstanceInput', 'Consumes', ['dataset', 'mlModel'], (a) => urns(a.inputs)),
  upstreamOf('dataProcessInstanceInput', 'DataProcessInstanceConsumes', ['dataProcessInstance'], DPI_ASSET_TYPES, (a) =>
    edgeRecords(a.inputEdges),
  ),
  plain('dataProcessInstanceOutput', 'Produces', ['dataset', 'mlModel'], (a) => urns(a.outputs)),
  downstreamOf(
    'dataProcessInstanceOutput',
    'DataProcessInstanceProduces',
    ['dataProcessInstance'],
    DPI_ASSET_TYPES,
    (a) => edgeRecords(a.outputEdges),
  ),
  plain('dataProcessInstanceRelationships', 'InstanceOf', ['dataJob', 'dataFlow', 'dataset'], (a) =>
    urnAt(a, 'parentTemplate'),
  ),
  plain('dataProcessInstanceRelationships', 'ChildOf', ['dataProcessInstance'], (a) => urnAt(a, 'parentInstance')),
  plain('dataProcessInstanceRelationships', 'UpstreamOf', ['dataProcessInstance'], (a) => urns(a.upstreamInstances)),

  plain('ownership', 'OwnedBy', ['corpuser', 'corpGroup'], (a) => objects(a.owners).flatMap((o) => urnAt(o, 'owner'))),
  plain('ownership', 'ownershipType', ['ownershipType'], (a) => objects(a.owners).flatMap((o) => urnAt(o, 'typeUrn'))),
  plain('globalTags', 'TaggedWith', ['tag'], (a) => objects(a.tags).flatMap((t) => urnAt(t, 'tag'))),
  plain('glossaryTerms', 'TermedWith', ['glossaryTerm'], (a) => objects(a.terms).flatMap((t) => urnAt(t, 'urn'))),
  plain('schemaMetadata', 'SchemaFieldTaggedWith', ['tag'], (a) => objects(a.fields).flatMap(tagUrns)),
  plain('schemaMetadata', 'SchemaFieldWithGlossaryTerm', ['glossaryTerm'], (a) => objects(a.fields).flatMap(termUrns)),
  plain('editableSchemaMetadata', 'EditableSchemaFieldTaggedWith', ['tag'], (a) =>
    objects(a.editableSchemaFieldInfo).flatMap(tagUrns),
  ),
  plain('editableSchemaMetadata', 'EditableSchemaFieldWithGlossaryTerm', ['glossaryTerm'], (a) =>
    objects(a.editableSchemaFieldInfo).flatMap(termUrns),
  ),

  plain('groupMembership', 'IsMemberOfGroup', ['corpGroup'], (a) => urns(a.groups)),
  plain('nativeGroupMembership', 'IsMemberOfNativeGroup', ['corpGroup'], (a) => urns(a.nativeGroups)),
  plain('corpUserInfo', 'ReportsTo', ['corpuser'], (a) => urnAt(a, 'managerUrn')),
  plain('corpGroupInfo', 'OwnedBy', ['corpuser'], (a) => urns(a.admins)),
  plain('corpGroupInfo', 'IsPartOf', ['corpuser', 'corpGroup'], (a) => [...urns(a.members), ...urns(a.groups)]),

  plain('incidentInfo', 'IncidentOn', ['dataset', 'chart', 'dashboard', 'dataFlow', 'dataJob', 'schemaField'], (a) =>
    urns(a.entities),
  ),
  plain('assertionInfo', 'Asserts', ['dataset', 'dataJob', 'schemaField'], (a) => [
    ...urnAt(a, 'datasetAssertion.dataset'),
    ...urns(at(a, 'datasetAssertion.fields')),
    ...ASSERTION_ENTITY_FIELDS.flatMap((f) => urnAt(a, `${f}.entity`)),
    ...urnAt(a, 'customAssertion.field'),
  ]),
  plain('container', 'IsPartOf', ['container'], (a) => urnAt(a, 'container')),
  plain('domains', 'AssociatedWith', ['domain'], (a) => urns(a.domains)),
];

/** Specs by aspect name, in declaration order. */
export const SPECS_BY_ASPECT: ReadonlyMap<string, RelationshipSpec[]> = RELATIONSHIP_SPECS.reduce((m, spec) => {
  m.set(spec.aspect, [...(m.get(spec.aspect) ?? []), spec]);
  return m;
}, new Map<string, RelationshipSpec[]>());
