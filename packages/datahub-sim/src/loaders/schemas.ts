import { z } from 'zod';
import { parseUrn } from '../urn.js';
import { isJsonObject } from './types.js';

/** Envelope schemas of the records in a metadata file (MCE: `PDL/mxe/MetadataChangeEvent.pdl`, MCP: `MetadataChangeProposal.pdl`). */

export const CHANGE_TYPES = ['UPSERT', 'CREATE', 'UPDATE', 'DELETE', 'PATCH', 'RESTATE', 'CREATE_ENTITY'] as const;
export type ChangeType = (typeof CHANGE_TYPES)[number];

const JSON_CONTENT = 'application/json';
const JSON_PATCH_CONTENT = 'application/json-patch+json';

const jsonObject = z.record(z.string(), z.unknown());
const urnString = z
  .string()
  .refine((s) => parseUrn(s) !== undefined, { message: 'not a valid urn (urn:li:<type>:<key>)' });

/** One `aspects` item: a one-key object `{ "<record class>": { ...aspect } }`. */
const snapshotAspect = z
  .record(z.string(), z.unknown())
  .refine((o) => Object.keys(o).length === 1, {
    message: 'an aspect must be a one-key object keyed by its record class',
  })
  .refine((o) => isJsonObject(Object.values(o)[0]), { message: 'the aspect value must be an object' });

const snapshotBody = z.object({ urn: urnString, aspects: z.array(snapshotAspect) });

export const mceSchema = z.object({
  auditHeader: z.unknown().optional(),
  proposedSnapshot: z
    .record(z.string(), snapshotBody)
    .refine((o) => Object.keys(o).length === 1, { message: 'must have exactly one snapshot class key' }),
  proposedDelta: z.unknown().optional(),
  systemMetadata: jsonObject.nullish(),
});
export type Mce = z.infer<typeof mceSchema>;

/** The aspect of an MCP, in simplified `{json}` form or wire `{value: "<json string>", contentType}` form. */
const genericAspect = jsonObject.transform((a, ctx) => {
  // The file source turns `{json: X}` back into the wire form; the content type is then implied.
  if ('json' in a) return { content: a.json, contentType: undefined as string | undefined, fromText: false };
  if (typeof a.value !== 'string') {
    ctx.addIssue({ code: 'custom', message: 'aspect needs a "json" value or a "value" JSON string' });
    return z.NEVER;
  }
  const contentType = typeof a.contentType === 'string' ? a.contentType : undefined;
  if (contentType !== undefined && contentType !== JSON_CONTENT && contentType !== JSON_PATCH_CONTENT) {
    ctx.addIssue({ code: 'custom', path: ['contentType'], message: `unsupported content type ${contentType}` });
    return z.NEVER;
  }
  try {
    return { content: JSON.parse(a.value) as unknown, contentType, fromText: true };
  } catch (e) {
    ctx.addIssue({ code: 'custom', path: ['value'], message: `not valid JSON (${(e as Error).message})` });
    return z.NEVER;
  }
});

const isPatchContent = (c: unknown): boolean => Array.isArray(c) || (isJsonObject(c) && Array.isArray(c.patch));

export const mcpSchema = z
  .object({
    auditHeader: z.unknown().optional(),
    entityType: z.string().nullish(),
    entityUrn: urnString.nullish(),
    entityKeyAspect: z.unknown().optional(),
    // The Python MCP wrapper defaults a missing changeType to UPSERT.
    changeType: z
      .enum(CHANGE_TYPES)
      .nullish()
      .transform((c) => c ?? 'UPSERT'),
    aspectName: z.string().min(1).nullish(),
    aspect: genericAspect.nullish(),
    systemMetadata: jsonObject.nullish(),
    headers: z.record(z.string(), z.string()).nullish(),
  })
  .superRefine((m, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!m.entityUrn && m.entityKeyAspect == null) issue('entityUrn', 'entityUrn is required');
    const urnType = m.entityUrn ? parseUrn(m.entityUrn)?.entityType : undefined;
    // DataHub's Python wrapper infers entityType from the urn and rejects a mismatch, apart from case.
    if (m.entityType && urnType && m.entityType.toLowerCase() !== urnType.toLowerCase()) {
      issue('entityType', `entityType ${m.entityType} does not match the entity type ${urnType} of entityUrn`);
    }
    if (!m.aspectName) issue('aspectName', 'aspectName is required');
    if (m.changeType === 'DELETE') return;
    if (!m.aspect) return issue('aspect', `aspect is required for ${m.changeType}`);
    if (m.changeType === 'PATCH') {
      if (!isPatchContent(m.aspect.content))
        issue('aspect', 'a PATCH aspect must be a JSON-Patch array or {"patch": [...]}');
    } else if (!isJsonObject(m.aspect.content)) {
      issue('aspect', 'the aspect must be a JSON object');
    }
  });
export type Mcp = z.infer<typeof mcpSchema>;

/** A zod error as one line: `path: message; path: message`. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((i) => (i.path.length ? `${i.path.map(String).join('.')}: ${i.message}` : i.message))
    .join('; ');
}
