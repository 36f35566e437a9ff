import { TIMESERIES_ASPECTS } from '../store.js';
import { PATCH_TEMPLATES } from './patch-templates.js';

/**
 * Aspect names of DataHub's entity registry (`entity-registry.yml`) that the simulator accepts, across entity
 * types: GMS answers any other name with `Unknown aspect <name> for entity <type>`. Key aspects
 * (`<entity>Key`) are always known. Not per entity type: the simulator does not model which entity has which.
 */
const VERSIONED_ASPECTS = [
  'access', 'applicationProperties', 'applications', 'assertionActions', 'assertionInfo', 'assertionsSummary',
  'browsePaths', 'browsePathsV2', 'businessAttributeInfo', 'businessAttributes', 'chartQuery', 'container',
  'containerProperties', 'corpGroupEditableInfo', 'corpGroupInfo', 'corpUserCredentials', 'corpUserEditableInfo',
  'corpUserInfo', 'corpUserSettings', 'corpUserStatus', 'cost', 'dataHubIngestionSourceInfo', 'dataPlatformInfo',
  'dataPlatformInstance', 'dataPlatformInstanceProperties', 'dataProcessInstanceProperties',
  'dataProcessInstanceRelationships', 'dataTypeInfo', 'datasetDeprecation', 'datasetUpstreamLineage', 'deprecation',
  'documentInfo', 'documentSettings', 'documentation', 'domainProperties', 'editableChartProperties',
  'editableDashboardProperties', 'editableDataFlowProperties', 'editableDataJobProperties', 'editableSchemaMetadata',
  'embed', 'entityTypeInfo', 'forms', 'glossaryNodeInfo', 'glossaryRelatedTerms', 'glossaryTermInfo', 'groupMembership',
  'incidentInfo', 'incidentsSummary', 'inputFields', 'intendedUse', 'mlFeatureProperties', 'mlFeatureTableProperties',
  'mlHyperParam', 'mlMetric', 'mlModelCaveatsAndRecommendations', 'mlModelDeploymentProperties',
  'mlModelEthicalConsiderations', 'mlModelEvaluationData', 'mlModelFactorPrompts', 'mlModelGroupProperties',
  'mlModelMetrics', 'mlModelProperties', 'mlModelQuantitativeAnalyses', 'mlModelTrainingData',
  'mlPrimaryKeyProperties', 'mlTrainingRunProperties', 'nativeGroupMembership', 'origin', 'ownershipTypeInfo',
  'postInfo', 'propertyDefinition', 'queryProperties', 'querySubjects', 'roleMembership', 'schemaFieldInfo',
  'schemaMetadata', 'sourceCode', 'structuredPropertySettings', 'subTypes', 'tagProperties', 'testResults',
  'upstreamLineage', 'viewProperties',
];

const KNOWN = new Set<string>([...VERSIONED_ASPECTS, ...TIMESERIES_ASPECTS, ...Object.keys(PATCH_TEMPLATES)]);

export const isKnownAspect = (aspectName: string): boolean => KNOWN.has(aspectName) || /^[a-z][A-Za-z]*Key$/.test(aspectName);
