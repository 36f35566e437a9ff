import { parseUrn } from '@janus/datahub-sim/urn';

/**
 * Where things are for a person: Janus's Model Impact Reports (as `janus serve` serves them) and DataHub's UI
 * pages. Pure: the reports, Slack messages, alerts and the write-back's links all build their URLs here.
 */

/** Where `janus serve` serves a model's report: `/reports/<urn, URL-encoded>`. */
export const reportPath = (modelUrn: string): string => `/reports/${encodeURIComponent(modelUrn)}`;

/** Where `janus serve` lists every model the last cycle did not trust (what a Slack list links for its rest). */
export const AT_RISK_PATH = '/at-risk';

/** A model's report under Janus's public URL (`JANUS_PUBLIC_URL`). */
export const reportUrlFor = (base: string, model: string) => `${base.replace(/\/+$/, '')}${reportPath(model)}`;

/** An http(s) URL, or undefined: only such URLs become links (no `javascript:` from a catalog value). */
export function safeUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : undefined;
  } catch {
    return undefined;
  }
}

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
