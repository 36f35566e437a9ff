import { z } from 'zod';
import { defineOperation } from '../operation.js';

/** Janus's writes: one operation a file under operations/write/, each with its response schema. */
const write = <Vars>(file: string, schema: z.ZodType, idempotent: boolean) => defineOperation<Vars, unknown>(`write/${file}`, schema, { idempotent });

type Input = { input: Record<string, unknown> };

export const raiseIncidentOp = defineOperation<Input, { raiseIncident?: string | null }>(
  'write/raise-incident',
  z.object({ raiseIncident: z.string().nullish() }),
  { idempotent: false },
);
export const updateIncidentStatusOp = write<{ urn: string; input: Record<string, unknown> }>('update-incident-status', z.object({ updateIncidentStatus: z.boolean().nullish() }), true);
export const createTagOp = write<Input>('create-tag', z.object({ createTag: z.string().nullish() }), true);
export const addTagOp = write<Input>('add-tag', z.object({ addTag: z.boolean().nullish() }), true);
export const removeTagOp = write<Input>('remove-tag', z.object({ removeTag: z.boolean().nullish() }), true);
export const createStructuredPropertyOp = write<Input>('create-structured-property', z.object({ createStructuredProperty: z.unknown() }), true);
export const upsertStructuredPropertiesOp = write<Input>('upsert-structured-properties', z.object({ upsertStructuredProperties: z.unknown() }), true);
export const removeStructuredPropertiesOp = write<Input>('remove-structured-properties', z.object({ removeStructuredProperties: z.unknown() }), true);
export const upsertCustomAssertionOp = write<{ urn: string; input: Record<string, unknown> }>('upsert-custom-assertion', z.object({ upsertCustomAssertion: z.unknown() }), true);
// Appends a run event: Janus reports only on a change, after re-reading (a retry could double it).
export const reportAssertionResultOp = write<{ urn: string; result: Record<string, unknown> }>('report-assertion-result', z.object({ reportAssertionResult: z.boolean().nullish() }), false);
export const upsertLinkOp = write<Input>('upsert-link', z.object({ upsertLink: z.boolean().nullish() }), true);
export const removeLinkOp = write<Input>('remove-link', z.object({ removeLink: z.boolean().nullish() }), true);
