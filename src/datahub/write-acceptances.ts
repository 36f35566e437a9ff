import { ACCEPTANCE_PROPERTY } from '../core/acceptance/stored.js';
import type { DataHubClient } from './client.js';
import { createStructuredPropertyOp, upsertStructuredPropertiesOp } from './queries/write-ops.js';

/** Defines `io.janus.accepted_risk` on models; one that is already defined is left as it is. */
async function defineAcceptanceProperty(client: DataHubClient): Promise<void> {
  const p = ACCEPTANCE_PROPERTY;
  const input = {
    id: p.qualifiedName,
    qualifiedName: p.qualifiedName,
    displayName: p.displayName,
    description: p.description,
    valueType: p.valueType,
    cardinality: p.cardinality,
    entityTypes: ['urn:li:entityType:datahub.mlModel'],
    settings: { showInAssetSummary: true, showInSearchFilters: false },
  };
  const [answer] = await client.requestEach(createStructuredPropertyOp, [{ input }]);
  if (answer?.status === 'failed' && !/already exists/i.test(answer.error.message)) throw answer.error;
}

/** Writes a model's acceptances, the whole list (the property is replaced): defining the property first. */
export async function writeAcceptances(client: DataHubClient, model: string, values: string[]): Promise<void> {
  await defineAcceptanceProperty(client);
  const input = {
    assetUrn: model,
    structuredPropertyInputParams: [
      { structuredPropertyUrn: ACCEPTANCE_PROPERTY.urn, values: values.map((stringValue) => ({ stringValue })) },
    ],
  };
  const [answer] = await client.requestEach(upsertStructuredPropertiesOp, [{ input }]);
  if (answer?.status === 'failed') throw answer.error;
  if (answer?.status !== 'landed') throw new Error(`DataHub did not record the acceptance on ${model}`);
}
