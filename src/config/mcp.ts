import { z } from 'zod';
import { list } from './list.js';

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
export const mcpSchema = z.strictObject({
  /** `scan_model` may write to DataHub. Off by default. */
  allowWrites: flag.default(false),
  /** `janus serve` also answers MCP over Streamable HTTP. */
  http: flag.default(false),
  /** Where `janus serve` mounts it. */
  httpPath: z.string().startsWith('/', 'expected a path starting with /').default('/mcp'),
  /**
   * The bearer token every MCP request over HTTP must carry (`Authorization: Bearer …`). Required when the tools may
   * write; without it the HTTP transport serves the read-only tools only.
   */
  httpToken: z.string().min(16, 'expected at least 16 characters (e.g. `openssl rand -hex 32`)').optional(),
  /**
   * Host names (without port) a request's Host header may name, beside localhost, 127.0.0.1, [::1] and the host of
   * `server.publicUrl`: protection against DNS rebinding, as the MCP specification asks of Streamable HTTP servers.
   */
  allowedHosts: list.default([]),
  /** Origins (`https://tool.example.com`) a browser may call the tools from; a request with any other Origin is refused. */
  allowedOrigins: list.default([]),
});

export type McpConfig = z.infer<typeof mcpSchema>;
