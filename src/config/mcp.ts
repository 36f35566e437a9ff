import { z } from 'zod';

const TRUE = ['true', '1', 'yes', 'on'];
const FALSE = ['false', '0', 'no', 'off'];

/** true/false as people write them in env vars and YAML. */
export const flag = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    const t = v.trim().toLowerCase();
    return TRUE.includes(t) ? true : FALSE.includes(t) ? false : v;
  },
  z.boolean({ message: 'expected true or false' }),
);

/** The MCP server: read-only unless writes are allowed; Streamable HTTP on `janus serve` only when enabled. */
export const mcpSchema = z.object({
  /** `scan_model` may write to DataHub. Off by default. */
  allowWrites: flag.default(false),
  /** `janus serve` also answers MCP over Streamable HTTP. */
  http: flag.default(false),
  /** Where `janus serve` mounts it. */
  httpPath: z.string().startsWith('/', 'expected a path starting with /').default('/mcp'),
});

export type McpConfig = z.infer<typeof mcpSchema>;
