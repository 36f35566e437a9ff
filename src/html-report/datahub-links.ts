import { parseUrn } from '@janus/datahub-sim/urn';
import { safeUrl } from './escape.js';

/** DataHub UI page of each entity type (the web app's `getPathName`); columns link to their dataset. */
const UI_PATHS: Record<string, string> = {
  dataset: 'dataset',
  mlModel: 'mlModels',
  mlModelGroup: 'mlModelGroup',
  mlFeature: 'features',
  mlFeatureTable: 'featureTables',
  mlPrimaryKey: 'mlPrimaryKeys',
  dataJob: 'tasks',
  dataFlow: 'pipelines',
  corpuser: 'user',
  corpGroup: 'group',
};

/** The DataHub UI page of an entity, when the UI URL is known and the entity type has a page. */
export function entityUrl(uiUrl: string | undefined, urn: string): string | undefined {
  const base = safeUrl(uiUrl);
  const p = parseUrn(urn);
  if (!base || !p) return undefined;
  if (p.entityType === 'schemaField') return entityUrl(uiUrl, p.parts[0] ?? '');
  const path = UI_PATHS[p.entityType];
  return path ? `${base.replace(/\/+$/, '')}/${path}/${encodeURIComponent(urn)}` : undefined;
}
