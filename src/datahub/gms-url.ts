import { addSecret } from '../log.js';

export interface GmsAddress {
  /** The URL without credentials: what Janus prints, logs and serves. */
  url: string;
  /** `Basic …` from credentials written into the URL (`https://user:pass@gms`), which fetch refuses to send. */
  basicAuth?: string;
}

/**
 * DataHub's address as the user gave it (`DATAHUB_GMS_URL`), split into a URL safe to show and the credentials it
 * carried, if any. A reverse proxy in front of GMS may ask for them; the password is remembered as a secret.
 */
export function gmsAddress(given: string): GmsAddress {
  let parsed: URL;
  try {
    parsed = new URL(given);
  } catch {
    return { url: given };
  }
  if (!parsed.username && !parsed.password) return { url: given };
  const user = decodeURIComponent(parsed.username);
  const password = decodeURIComponent(parsed.password);
  addSecret(password);
  addSecret(parsed.password);
  parsed.username = '';
  parsed.password = '';
  return {
    url: parsed.href.replace(/\/$/, given.endsWith('/') ? '/' : ''),
    basicAuth: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
  };
}
