import { gmsAddress } from './gms-url.js';

/**
 * GMS's `GET /config`: what the server says of itself (its release under `versions`). Undefined when it has none
 * (404); a server that does not answer throws.
 */
export async function readServerConfig(url: string, token?: string, timeoutMs = 10_000): Promise<unknown> {
  const address = gmsAddress(url);
  const auth = token ? `Bearer ${token}` : address.basicAuth;
  const res = await fetch(`${address.url.replace(/\/+$/, '')}/config`, {
    headers: { accept: 'application/json', ...(auth ? { authorization: auth } : {}) },
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (res.status === 404) return undefined;
  if (!res.ok) throw new Error(`GET /config answered ${res.status}`);
  return (await res.json()) as unknown;
}
