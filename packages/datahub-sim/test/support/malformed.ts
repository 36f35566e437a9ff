/**
 * Proposals of the wrong shape (issue 38, finding 8), each with the reason GMS gives and the status its Rest.li
 * endpoint answers: 400 when Rest.li's codec or parameter validation refuses the request, 422 for GMS's
 * `ValidationException`. Shared by the file loader's test and the ingestion endpoint's.
 */
export interface Malformed {
  what: string;
  entityUrn: string;
  aspectName: string;
  aspect: Record<string, unknown>;
  reason: RegExp;
  status: 400 | 422;
}

const ds = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:hive,${name},PROD)`;
export const GOOD_URN = ds('good');
const stamp = { time: 1, actor: 'urn:li:corpuser:ana' };
const cause = (path: string, message: string) =>
  new RegExp(`^Invalid format for aspect: dataset\\n Cause: \\[ERROR :: ${path} :: ${message}`);

export const MALFORMED: Malformed[] = [
  {
    what: 'owners a string',
    entityUrn: ds('a'),
    aspectName: 'ownership',
    aspect: { owners: 'alice' },
    reason: cause('/owners', '"alice" is not backed by a DataList'),
    status: 422,
  },
  {
    what: 'an owner without its type',
    entityUrn: ds('b'),
    aspectName: 'ownership',
    aspect: { owners: [{ owner: 'urn:li:corpuser:ana' }] },
    reason: cause('/owners/0/type', 'field is required but not found and has no default value'),
    status: 422,
  },
  {
    what: 'an owner that is not a urn',
    entityUrn: ds('c'),
    aspectName: 'ownership',
    aspect: { owners: [{ owner: 'ana', type: 'DATAOWNER' }] },
    reason: cause('/owners/0/owner', '"ana" is not a valid Urn'),
    status: 422,
  },
  {
    what: 'an upstreamLineage dataset a number',
    entityUrn: ds('d'),
    aspectName: 'upstreamLineage',
    aspect: { upstreams: [{ dataset: 42, type: 'TRANSFORMED' }] },
    reason: cause('/upstreams/0/dataset', '42 cannot be coerced to String'),
    status: 422,
  },
  {
    what: 'an upstreamLineage dataset that is a user',
    entityUrn: ds('e'),
    aspectName: 'upstreamLineage',
    aspect: { upstreams: [{ dataset: 'urn:li:corpuser:ana', type: 'TRANSFORMED' }] },
    reason: cause('/upstreams/0/dataset', '"urn:li:corpuser:ana" is a corpuser urn, where a dataset urn is expected'),
    status: 422,
  },
  {
    what: 'a lineage type that is no DatasetLineageType',
    entityUrn: ds('f'),
    aspectName: 'upstreamLineage',
    aspect: { upstreams: [{ dataset: ds('up'), type: 'SIDEWAYS' }] },
    reason: cause('/upstreams/0/type', '"SIDEWAYS" is not an enum symbol'),
    status: 422,
  },
  {
    what: 'timestampMillis a word',
    entityUrn: ds('g'),
    aspectName: 'operation',
    aspect: { timestampMillis: 'yesterday', operationType: 'INSERT', lastUpdatedTimestamp: 1 },
    reason: cause('/timestampMillis', '"yesterday" cannot be coerced to Long'),
    status: 422,
  },
  {
    what: 'a timeseries aspect without timestampMillis',
    entityUrn: ds('h'),
    aspectName: 'datasetProfile',
    aspect: { rowCount: 3 },
    reason: cause('/timestampMillis', 'field is required'),
    status: 422,
  },
  {
    what: 'removed a word',
    entityUrn: ds('i'),
    aspectName: 'status',
    aspect: { removed: 'yes' },
    reason: cause('/removed', '"yes" cannot be coerced to Boolean'),
    status: 422,
  },
  {
    what: 'glossary terms without their auditStamp',
    entityUrn: ds('j'),
    aspectName: 'glossaryTerms',
    aspect: { terms: [{ urn: 'urn:li:glossaryTerm:pii' }] },
    reason: cause('/auditStamp', 'field is required'),
    status: 422,
  },
  {
    what: 'a schema field without its native type',
    entityUrn: ds('k'),
    aspectName: 'schemaMetadata',
    aspect: {
      schemaName: 'k',
      platform: 'urn:li:dataPlatform:hive',
      version: 0,
      hash: '',
      platformSchema: { 'com.linkedin.schema.OtherSchema': { rawSchema: '' } },
      fields: [{ fieldPath: 'id', type: { type: { 'com.linkedin.schema.NumberType': {} } } }],
    },
    reason: cause('/fields/0/nativeDataType', 'field is required'),
    status: 422,
  },
  {
    what: 'properties whose name is a number',
    entityUrn: ds('l'),
    aspectName: 'datasetProperties',
    aspect: { name: 7 },
    reason: cause('/name', '7 cannot be coerced to String'),
    status: 422,
  },
  {
    what: 'an incident status with no state',
    entityUrn: ds('m'),
    aspectName: 'incidentInfo',
    aspect: { type: 'OPERATIONAL', entities: [ds('m')], status: { lastUpdated: stamp }, created: stamp },
    reason: cause('/status/state', 'field is required'),
    status: 422,
  },
  {
    what: 'tags given as strings',
    entityUrn: ds('n'),
    aspectName: 'globalTags',
    aspect: { tags: ['pii'] },
    reason: cause('/tags/0', '"pii" is not backed by a DataMap'),
    status: 422,
  },
  {
    what: 'a urn whose tuple is not closed',
    entityUrn: 'urn:li:dataset:(urn:li:dataPlatform:hive,open,PROD',
    aspectName: 'status',
    aspect: { removed: false },
    reason: /is not a valid Urn/,
    status: 400,
  },
  {
    what: 'a urn of an entity DataHub does not have',
    entityUrn: 'urn:li:widget:w1',
    aspectName: 'status',
    aspect: { removed: false },
    reason: /^Unknown entity: widget/,
    status: 422,
  },
  {
    what: 'a dataset urn with two key parts',
    entityUrn: 'urn:li:dataset:(urn:li:dataPlatform:hive,two)',
    aspectName: 'status',
    aspect: { removed: false },
    reason: /^Invalid urn: .*\n Cause: the key of dataset has 3 parts, this urn 2/,
    status: 422,
  },
  {
    what: 'a dataset urn whose fabric is no FabricType',
    entityUrn: 'urn:li:dataset:(urn:li:dataPlatform:hive,fab,PRODUCTION)',
    aspectName: 'status',
    aspect: { removed: false },
    reason: /Cause: key part 3 \("PRODUCTION"\): PRODUCTION is not an enum symbol of FabricType/,
    status: 422,
  },
  {
    what: 'a dataset urn whose platform is not a platform urn',
    entityUrn: 'urn:li:dataset:(hive,plat,PROD)',
    aspectName: 'status',
    aspect: { removed: false },
    reason: /Cause: key part 1 \("hive"\): "hive" is not a valid Urn/,
    status: 422,
  },
  {
    what: 'a urn with a NUL',
    entityUrn: 'urn:li:corpuser:ana\u0000x',
    aspectName: 'status',
    aspect: { removed: false },
    reason: /^Error: URN cannot contain a NUL character/,
    status: 422,
  },
  {
    what: 'a urn with a trailing space',
    entityUrn: 'urn:li:corpuser:ana ',
    aspectName: 'status',
    aspect: { removed: false },
    reason: /^Error: cannot provide an URN with leading or trailing whitespace/,
    status: 422,
  },
  {
    what: 'a urn over 512 bytes URL-encoded',
    entityUrn: `urn:li:corpuser:${'é'.repeat(100)}`,
    aspectName: 'status',
    aspect: { removed: false },
    reason: /^Error: cannot provide an URN longer than 512 bytes \(when URL encoded\)/,
    status: 422,
  },
  {
    what: 'a urn holding the unit separator',
    entityUrn: 'urn:li:corpuser:a␟b',
    aspectName: 'status',
    aspect: { removed: false },
    reason: /^Error: URN cannot contain ␟ character/,
    status: 422,
  },
];

/** A well-formed proposal for each index, to put between the malformed ones. */
export const goodProposal = (i: number) => ({
  entityUrn: ds(`good_${i}`),
  aspectName: 'ownership',
  aspect: { owners: [{ owner: 'urn:li:corpuser:ana', type: 'DATAOWNER' }], lastModified: stamp },
});

/** The JSON text of an object nested `depth` levels deep (built as text: JSON.stringify would recurse). */
export const nestedText = (depth: number): string => `${'{"x":['.repeat(depth)}"bottom"${']}'.repeat(depth)}`;
