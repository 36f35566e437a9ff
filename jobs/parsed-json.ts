import type { z } from 'zod';

/** A JSON value Redis holds, parsed by its schema; undefined when absent, not JSON, or not of that shape. */
export function parsed<T>(schema: z.ZodType<T>, raw: string | null | undefined): T | undefined {
  if (!raw) return undefined;
  try {
    const r = schema.safeParse(JSON.parse(raw));
    return r.success ? r.data : undefined;
  } catch {
    return undefined;
  }
}
