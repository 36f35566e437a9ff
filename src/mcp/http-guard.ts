import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** Who may call the MCP tools over HTTP (the MCP specification's security guidance for Streamable HTTP). */
export interface McpHttpAccess {
  /** The bearer token every request must carry; unset: no credential is asked (read-only tools only). */
  token?: string;
  /** Host names (no port) the Host header may name: DNS-rebinding protection. */
  allowedHosts: readonly string[];
  /** Origins a browser may call from; a request without Origin is not a browser's and passes. */
  allowedOrigins: readonly string[];
}

export const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]'] as const;

export interface Refusal {
  status: 401 | 403;
  message: string;
  headers?: Record<string, string>;
}

/** Why a request may not reach the tools, or undefined when it may. Checked before the body is read. */
export function refusalOf(req: IncomingMessage, access: McpHttpAccess): Refusal | undefined {
  const host = hostnameOf(req.headers.host);
  if (!host || !access.allowedHosts.includes(host))
    return {
      status: 403,
      message: `Host ${clip(req.headers.host ?? '(none)')} is not allowed: add its name to JANUS_MCP_ALLOWED_HOSTS`,
    };
  const origin = req.headers.origin;
  if (origin !== undefined && !access.allowedOrigins.includes(origin))
    return {
      status: 403,
      message: `Origin ${clip(origin)} is not allowed: add it to JANUS_MCP_ALLOWED_ORIGINS`,
    };
  if (access.token !== undefined && !bearerMatches(req.headers.authorization, access.token))
    return {
      status: 401,
      message: 'missing or wrong bearer token (Authorization: Bearer <JANUS_MCP_HTTP_TOKEN>)',
      headers: { 'www-authenticate': 'Bearer realm="janus-mcp"' },
    };
  return undefined;
}

/** The Host header's name without its port, lower-cased (IPv6 in brackets), or undefined when it is not one. */
function hostnameOf(header: string | undefined): string | undefined {
  if (!header) return undefined;
  try {
    return new URL(`http://${header}`).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

/** Compares digests, so the time taken says nothing about the token (nor its length). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (!m) return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(m[1]!), digest(token));
}

const clip = (s: string) => (s.length > 80 ? `${s.slice(0, 80)}…` : s);
