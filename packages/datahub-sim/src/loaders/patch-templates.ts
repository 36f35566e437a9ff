import { NESTED_KEY_SEPARATOR as SEP } from './patch-arrays.js';
import type { JsonObject } from './types.js';

/**
 * The aspects DataHub's GMS can PATCH, with each one's patch template (entity-registry
 * `aspect/patch/template/**`): the arrays keyed by identity, and the value patched when the aspect
 * does not exist yet (`getDefault()`).
 */

export const SYSTEM_ACTOR = 'urn:li:corpuser:__datahub_system';

export interface PatchTemplate {
  /** Array field → the element fields that key it; `[]` for an array of strings. */
  keyedArrays: Record<string, string[]>;
  /** `fineGrainedLineages` is keyed by operation/downstream/query/upstream. */
  fineGrained?: boolean;
  /** Aspects nested in the elements of the (single) keyed array, patched by their own templates. */
  elementAspects?: Record<string, string>;
  /** Fills required fields DataHub adds on every patch (glossaryTerms' deprecated auditStamp). */
  complete?: (aspect: JsonObject, now: number) => void;
  /** The aspect a patch starts from when none is stored, or undefined when DataHub has no default. */
  initial: (now: number) => JsonObject | undefined;
}

const stamp = (now: number) => ({ actor: SYSTEM_ACTOR, time: now });
const EDGE = ['destinationUrn'];

export const PATCH_TEMPLATES: Record<string, PatchTemplate> = {
  upstreamLineage: {
    keyedArrays: { upstreams: ['dataset'] },
    fineGrained: true,
    initial: () => ({ upstreams: [], fineGrainedLineages: [] }),
  },
  dataJobInputOutput: {
    keyedArrays: {
      inputDatajobEdges: EDGE,
      inputDatasetEdges: EDGE,
      outputDatasetEdges: EDGE,
      inputDatasetFields: [],
      outputDatasetFields: [],
    },
    fineGrained: true,
    initial: () => ({
      inputDatajobEdges: [],
      inputDatasetEdges: [],
      outputDatasetEdges: [],
      fineGrainedLineages: [],
      inputDatasetFields: [],
      outputDatasetFields: [],
      inputDatajobs: [],
      inputDatasets: [],
      outputDatasets: [],
    }),
  },
  datasetProperties: { keyedArrays: { tags: [] }, initial: () => ({ tags: [], customProperties: {} }) },
  editableDatasetProperties: { keyedArrays: {}, initial: () => ({}) },
  globalTags: { keyedArrays: { tags: ['tag'] }, initial: () => ({ tags: [] }) },
  glossaryTerms: {
    keyedArrays: { terms: ['urn', `attribution${SEP}source`] },
    complete: (aspect, now) => {
      aspect.auditStamp ??= stamp(now);
    },
    initial: (now) => ({ terms: [], auditStamp: stamp(now) }),
  },
  ownership: {
    keyedArrays: { owners: ['owner', 'type'] },
    initial: (now) => ({ owners: [], lastModified: { time: now, actor: SYSTEM_ACTOR } }),
  },
  institutionalMemory: { keyedArrays: { elements: ['url'] }, initial: () => ({ elements: [] }) },
  structuredProperties: {
    keyedArrays: { properties: ['propertyUrn', `attribution${SEP}source`] },
    initial: () => ({ properties: [] }),
  },
  editableSchemaMetadata: {
    keyedArrays: { editableSchemaFieldInfo: ['fieldPath'] },
    elementAspects: { globalTags: 'globalTags', glossaryTerms: 'glossaryTerms' },
    initial: (now) => ({ created: stamp(now), lastModified: stamp(now), editableSchemaFieldInfo: [] }),
  },
  dataFlowInfo: { keyedArrays: {}, initial: () => ({ customProperties: {} }) },
  dataJobInfo: { keyedArrays: {}, initial: () => ({ customProperties: {} }) },
  chartInfo: {
    keyedArrays: { inputEdges: EDGE, inputs: [] },
    initial: (now) => ({
      description: '',
      title: '',
      lastModified: { created: stamp(now), lastModified: stamp(now) },
      inputEdges: [],
      inputs: [],
    }),
  },
  dashboardInfo: {
    keyedArrays: { chartEdges: EDGE, datasetEdges: EDGE, datasets: [], charts: [] },
    initial: (now) => ({
      title: '',
      description: '',
      lastModified: { created: stamp(now), lastModified: stamp(now) },
      chartEdges: [],
      datasetEdges: [],
      datasets: [],
      charts: [],
    }),
  },
  dataProductProperties: { keyedArrays: { assets: EDGE }, initial: () => ({ assets: [] }) },
  domains: { keyedArrays: { domains: [] }, initial: () => ({ domains: [] }) },
  siblings: { keyedArrays: { siblings: [] }, initial: () => ({ siblings: [], primary: false }) },
  status: { keyedArrays: {}, initial: () => ({ removed: false }) },
  // "no sensible default for version set": patching an absent versionProperties fails.
  versionProperties: { keyedArrays: {}, initial: () => undefined },
  dataProcessInstanceInput: {
    keyedArrays: { inputs: [], inputEdges: EDGE },
    initial: () => ({ inputs: [], inputEdges: [] }),
  },
  dataProcessInstanceOutput: {
    keyedArrays: { outputs: [], outputEdges: EDGE },
    initial: () => ({ outputs: [], outputEdges: [] }),
  },
  editableContainerProperties: { keyedArrays: {}, initial: () => ({}) },
  editableMlModelProperties: { keyedArrays: {}, initial: () => ({}) },
  editableMlModelGroupProperties: { keyedArrays: {}, initial: () => ({}) },
  editableMlFeatureProperties: { keyedArrays: {}, initial: () => ({}) },
  editableMlFeatureTableProperties: { keyedArrays: {}, initial: () => ({}) },
  editableMlPrimaryKeyProperties: { keyedArrays: {}, initial: () => ({}) },
};
