import type { SimContext } from '../../schema/context.js';
import { badRequest } from '../../schema/errors.js';
import { existsInDataHub, requireUrn } from './gms-rules.js';

/** A resource a label goes on: an entity, or a column of it (`subResourceType: DATASET_FIELD`). */
export interface ResourceRef {
  resourceUrn: string;
  subResourceType?: 'DATASET_FIELD' | null;
  subResource?: string | null;
}

/** A non-empty `subResource` means the label goes on a column. */
export const targetsField = (ref: ResourceRef): ref is ResourceRef & { subResource: string } =>
  !!ref.subResource && ref.subResource.length > 0;

/** LabelUtils.validateLabel: the urn is of the label's entity type and the entity exists. */
export function validateLabel(ctx: SimContext, labelUrn: string, labelEntityType: string): void {
  if (requireUrn(labelUrn).entityType !== labelEntityType) {
    throw badRequest(
      `Failed to validate label with urn ${labelUrn}. Urn type does not match entity type ${labelEntityType}..`,
    );
  }
  if (!existsInDataHub(ctx.store, labelUrn)) {
    throw badRequest(`Failed to validate label with urn ${labelUrn}. Urn does not exist.`);
  }
}

/** LabelUtils.validateResource: the entity exists and, for a column, the column is in its schema. */
export function validateResource(ctx: SimContext, ref: ResourceRef): void {
  const urn = ref.resourceUrn;
  requireUrn(urn);
  if (!existsInDataHub(ctx.store, urn)) {
    throw badRequest(`Failed to update resource with urn ${urn}. Entity does not exist.`);
  }
  if (!targetsField(ref) && !ref.subResourceType) return;
  if (!targetsField(ref)) {
    throw badRequest(
      `Failed to update resource with urn ${urn}. SubResourceType (${ref.subResourceType}) provided without a subResource.`,
    );
  }
  if (!ref.subResourceType) {
    throw badRequest(
      `Failed to updates resource with urn ${urn}. SubResource (${ref.subResource}) provided without a subResourceType.`,
    );
  }
  validateFieldExists(ctx, urn, ref.subResource);
}

/** MutationUtils.validateSubresourceExists for DATASET_FIELD: the field is in `schemaMetadata`. */
function validateFieldExists(ctx: SimContext, urn: string, fieldPath: string): void {
  const schema = ctx.store.aspect<{ fields?: { fieldPath: string }[] }>(urn, 'schemaMetadata');
  if (!schema) throw badRequest(`Failed to update ${urn} & field ${fieldPath}. ${urn} has no schema.`);
  if (!(schema.fields ?? []).some((f) => f.fieldPath === fieldPath)) {
    throw badRequest(
      `Failed to update ${urn} & field ${fieldPath}. Field ${fieldPath} does not exist in the datasets schema.`,
    );
  }
}
