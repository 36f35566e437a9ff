import { ACCEPTANCE_PROPERTY } from '../core/acceptance/stored.js';
import type { DataHubClient } from './client.js';
import { createStructuredPropertyOp, upsertStructuredPropertiesOp } from './queries/write-ops.js';
import { propertyDefinition } from './writeback/property-definition.js';

/**
 * Defines `io.janus.accepted_risk` on the entity types it is used on (models, and datasets for what is accepted for
 * every model below one); one that is already defined is left as it is. GMS checks a value's type, cardinality and
 * allowed values against the definition, not the entity's type (StructuredPropertiesValidator): a definition made
 * before datasets were listed still takes their values.
 */
async function defineAcceptanceProperty(client: DataHubClient): Promise<void> {
  const [answer] = await client.requestEach(createStructuredPropertyOp, [
    propertyDefinition(ACCEPTANCE_PROPERTY, ['mlModel', 'dataset'], false),
  ]);
  if (answer?.status === 'failed' && !/already exists/i.test(answer.error.message)) throw answer.error;
}

/** Writes a model's or a dataset's acceptances, the whole list (the property is replaced): defining the property first. */
export async function writeAcceptances(client: DataHubClient, entity: string, values: string[]): Promise<void> {
  await defineAcceptanceProperty(client);
  const input = {
    assetUrn: entity,
    structuredPropertyInputParams: [
      { structuredPropertyUrn: ACCEPTANCE_PROPERTY.urn, values: values.map((stringValue) => ({ stringValue })) },
    ],
  };
  const [answer] = await client.requestEach(upsertStructuredPropertiesOp, [{ input }]);
  if (answer?.status === 'failed') throw answer.error;
  if (answer?.status !== 'landed') throw new Error(`DataHub did not record the acceptance on ${entity}`);
}
