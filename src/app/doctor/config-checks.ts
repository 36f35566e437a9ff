import type { Config } from '../../config/schema.js';
import { oldEnvSetFor } from '../../config/aliases.js';
import { ENV_SETTINGS } from '../../config/env.js';
import { redactText } from '../../log.js';

/** Settings whose value is a secret: shown as set or unset only. */
const SECRETS = new Set(['datahub.token', 'slack.botToken', 'slack.signingSecret', 'slack.appToken', 'mcp.httpToken']);

export interface Setting {
  /** `datahub.url` */
  path: string;
  env?: string;
  /** Where its value came from. */
  source: 'env' | 'file' | 'default';
  /** Its value as text (credentials in URLs redacted), or `set`/`unset` for a secret. */
  value: string;
}

/**
 * Every setting Janus has, with where its value came from: the environment (`DATAHUB_GMS_URL`), the config file, or the
 * default. Secrets are never shown, only whether they are set.
 */
export function settingsOf(
  config: Config,
  env: Record<string, string | undefined>,
  file: Record<string, unknown> = {},
): Setting[] {
  const envOf = new Map(Object.entries(ENV_SETTINGS).map(([name, path]) => [path.join('.'), name]));
  const out: Setting[] = [];
  // every setting the config has, and those an env var sets that are unset (optional: absent from the config)
  const paths = new Set([
    ...Object.entries(config).flatMap(([section, values]) =>
      Object.keys(values as object).map((k) => `${section}.${k}`),
    ),
    ...envOf.keys(),
  ]);
  for (const path of paths) {
    const [section, key] = path.split('.') as [string, string];
    const value = (config as unknown as Record<string, Record<string, unknown>>)[section]?.[key];
    const envName = envOf.get(path);
    const fromFile = (file[section] as Record<string, unknown> | undefined)?.[key] !== undefined;
    const source = envName && (env[envName] || oldEnvSetFor(envName, env)) ? 'env' : fromFile ? 'file' : 'default';
    const shown = SECRETS.has(path)
      ? value === undefined
        ? 'unset'
        : 'set'
      : value === undefined
        ? 'unset'
        : redactText(typeof value === 'string' ? value : JSON.stringify(value));
    out.push({ path, ...(envName ? { env: envName } : {}), source, value: shown });
  }
  return out;
}
