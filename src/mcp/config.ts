import { z } from 'zod';
import { ConfigError } from '../errors.js';

/**
 * The MCP settings. Read here from the environment until they join the shared config schema (`mcp:` section):
 * `JANUS_MCP_ALLOW_WRITES`, `JANUS_MCP_HTTP`, `JANUS_MCP_HTTP_PATH`.
 */
const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], { message: 'expected true or false' })
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

export const mcpSchema = z.object({
  /** `scan_model` may write to DataHub. Off by default: the server only reads. */
  allowWrites: flag.default(false),
  /** `janus serve` also answers MCP over Streamable HTTP. */
  http: flag.default(false),
  /** Where `janus serve` mounts it. */
  httpPath: z.string().startsWith('/', 'expected a path starting with /').default('/mcp'),
});

export type McpConfig = z.infer<typeof mcpSchema>;

export const MCP_ENV = { allowWrites: 'JANUS_MCP_ALLOW_WRITES', http: 'JANUS_MCP_HTTP', httpPath: 'JANUS_MCP_HTTP_PATH' } as const;

/** The MCP settings from the environment (empty values count as unset); every problem at once. */
export function mcpConfigFromEnv(env: Record<string, string | undefined>): McpConfig {
  const raw: Record<string, string> = {};
  for (const [key, name] of Object.entries(MCP_ENV)) {
    const value = env[name]?.trim().toLowerCase();
    if (value) raw[key] = key === 'httpPath' ? env[name]!.trim() : value;
  }
  const result = mcpSchema.safeParse(raw);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((i) => {
        const key = String(i.path[0]) as keyof typeof MCP_ENV;
        return `mcp.${key} (env ${MCP_ENV[key]}): ${i.message}, got ${JSON.stringify(env[MCP_ENV[key]])}`;
      }),
    );
  }
  return result.data;
}
