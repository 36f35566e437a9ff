import { z } from 'zod';
import { defineBatchOperation } from '../batch-operation.js';

/**
 * Janus's writes: one mutation a file under operations/write/, each with the schema of what one write answers.
 * Each is sent as a batch (batch-operation.ts): many writes of one kind in one request.
 */
const write = <Vars>(file: string, schema: z.ZodType, idempotent: boolean) =>
  defineBatchOperation<Vars, unknown>(`write/${file}`, schema, { idempotent });

type Input = { input: Record<string, unknown> };
type UrnInput = { urn: string; input: Record<string, unknown> };

// Not idempotent: a new incident every call. Janus raises only what a re-read (under a lock) does not find.
export const raiseIncidentOp = write<Input>('raise-incident', z.string().nullish(), false);
export const updateIncidentStatusOp = write<UrnInput>('update-incident-status', z.boolean().nullish(), true);
/** Priority and assignees (with a status when given): Acknowledge, Assign to me, the priority menu. */
export const updateIncidentOp = write<UrnInput>('update-incident', z.boolean().nullish(), true);
export const createTagOp = write<Input>('create-tag', z.string().nullish(), true);
export const addTagOp = write<Input>('add-tag', z.boolean().nullish(), true);
export const removeTagOp = write<Input>('remove-tag', z.boolean().nullish(), true);
/** The `model-at-risk` tag on many models at once. */
export const batchAddTagsOp = write<Input>('batch-add-tags', z.boolean().nullish(), true);
export const batchRemoveTagsOp = write<Input>('batch-remove-tags', z.boolean().nullish(), true);
export const createStructuredPropertyOp = write<Input>('create-structured-property', z.unknown(), true);
export const upsertStructuredPropertiesOp = write<Input>('upsert-structured-properties', z.unknown(), true);
export const removeStructuredPropertiesOp = write<Input>('remove-structured-properties', z.unknown(), true);
export const upsertCustomAssertionOp = write<UrnInput>('upsert-custom-assertion', z.unknown(), true);
// Appends a run event: Janus reports only on a change, after re-reading (a retry could double it).
export const reportAssertionResultOp = write<{ urn: string; result: Record<string, unknown> }>(
  'report-assertion-result',
  z.boolean().nullish(),
  false,
);
/** Before v1.3.0 (no upsertLink): addLink, which leaves a link with the same URL as it is. */
export const upsertLinkOp = defineBatchOperation<Input, unknown>('write/upsert-link', z.boolean().nullish(), {
  idempotent: true,
  variants: { 'v1.0': { file: 'v1.0/write/add-link' } },
});
/** Before v1.3.0, `RemoveLinkInput` has no `label`: the link goes by its URL alone (every link with that URL). */
export const removeLinkOp = defineBatchOperation<Input, unknown>('write/remove-link', z.boolean().nullish(), {
  idempotent: true,
  variants: { 'v1.0': { vars: ({ input: { label: _label, ...byUrl } }) => ({ input: byUrl }) } },
});
