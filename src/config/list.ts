import { z } from 'zod';

/** A list from the environment (`a,b c`) or the config file (a YAML list). */
export const list = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : v.split(/[\s,]+/)).map((s) => s.trim()).filter(Boolean));
