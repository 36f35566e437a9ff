import type { z } from 'zod';

/** A value Janus stored as JSON (Redis), parsed with its schema: anything else (another shape, not JSON) is undefined. */
export function parseStored<T>(schema: z.ZodType<T>, raw: string | null | undefined): T | undefined {
  if (!raw) return undefined;
  try {
    const r = schema.safeParse(JSON.parse(raw));
    return r.success ? r.data : undefined;
  } catch {
    return undefined;
  }
}
