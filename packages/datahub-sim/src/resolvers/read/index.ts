import { mergeResolvers, type ResolverMap } from '../../schema/build.js';
import { assertionResolvers } from './assertion.js';
import { dataJobResolvers } from './data-jobs.js';
import { datasetResolvers } from './dataset.js';
import { incidentResolvers } from './incident.js';
import { labelResolvers } from './labels.js';
import { mlFeatureResolvers } from './ml-feature.js';
import { mlModelResolvers } from './ml-model.js';
import { nestedResolvers } from './nested.js';
import { peopleResolvers } from './people.js';
import { platformResolvers } from './platform.js';
import { rootResolvers } from './roots.js';
import { schemaFieldResolvers } from './schema-metadata.js';
import { searchResolvers } from './search/resolver.js';
import { structuredPropertyResolvers } from './structured-property.js';

/**
 * Reads: the Query roots that look entities up or search them, and every entity type's own fields mapped
 * from its aspects the way DataHub's GraphQL mappers do. Relationship and lineage fields are the graph's.
 */
export const readResolvers: ResolverMap = mergeResolvers([
  rootResolvers,
  searchResolvers,
  nestedResolvers,
  datasetResolvers,
  schemaFieldResolvers,
  mlModelResolvers,
  mlFeatureResolvers,
  dataJobResolvers,
  peopleResolvers,
  incidentResolvers,
  assertionResolvers,
  labelResolvers,
  structuredPropertyResolvers,
  platformResolvers,
]);

// For the other resolver areas: bind a raw aspect's holder, and see what GMS has (bootstrapped entities included).
export { entityExists, readAspect, withOwner } from './aspects.js';
export { bootstrapAspect, isBootstrapped, ROOT_USER } from './bootstrap.js';
