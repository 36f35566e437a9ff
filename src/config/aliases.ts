/**
 * Settings renamed, still read under their old names: the service's cycle settings were `scan.*` (`scan` also names
 * `janus scan` and `/janus scan`, neither of them the cycle). An old name works and costs one deprecation line naming
 * the new one; the old and the new name given together is an error, not a guess at which one is meant.
 */
export const SECTION_ALIASES: Record<string, string> = { scan: 'cycle' };

/** Old environment variable → new. */
export const ENV_ALIASES: Record<string, string> = {
  JANUS_SCAN_INTERVAL: 'JANUS_CYCLE_INTERVAL',
  JANUS_SCAN_REFRESH: 'JANUS_CYCLE_REFRESH',
  JANUS_SCAN_BAND_MARGIN: 'JANUS_CYCLE_BAND_MARGIN',
  JANUS_SCAN_CLEAR_AFTER: 'JANUS_CYCLE_CLEAR_AFTER',
  JANUS_SCAN_WRITE_CHUNK: 'JANUS_CYCLE_WRITE_CHUNK',
};

type Env = Record<string, string | undefined>;

export interface Aliased {
  /** The config file's values under the new names. */
  file: Record<string, unknown>;
  /** The environment with each old variable's value under its new name. */
  env: Env;
  /** One line for each old name used. */
  deprecated: string[];
  /** An old and a new name both given. */
  clashes: string[];
}

const given = (v: string | undefined) => v !== undefined && v !== '';

/** The file's values and the environment read under the new names; `where` names the config file in messages. */
export function resolveAliases(file: Record<string, unknown>, env: Env, where = 'the config file'): Aliased {
  const out: Aliased = { file: { ...file }, env: { ...env }, deprecated: [], clashes: [] };
  for (const [old, now] of Object.entries(SECTION_ALIASES)) {
    if (!(old in file)) continue;
    if (now in file) {
      out.clashes.push(
        `${where}: both \`${old}\` and \`${now}\` are given; \`${old}\` is the old name of \`${now}\`: keep \`${now}\` only`,
      );
      continue;
    }
    const values = file[old];
    const keys = values && typeof values === 'object' ? Object.keys(values) : [];
    out.file[now] = values;
    delete out.file[old];
    const named = keys.length ? keys.map((k) => `${old}.${k} → ${now}.${k}`).join(', ') : `${old} → ${now}`;
    out.deprecated.push(`${where}: \`${old}\` is deprecated, use \`${now}\` (${named})`);
  }
  for (const [old, now] of Object.entries(ENV_ALIASES)) {
    if (!given(env[old])) continue;
    if (given(env[now])) {
      out.clashes.push(`env ${old} and ${now} are both set; ${old} is the old name of ${now}: unset it`);
      continue;
    }
    out.env[now] = env[old];
    delete out.env[old];
    out.deprecated.push(`env ${old} is deprecated, use ${now}`);
  }
  return out;
}

/** The new name of an old environment variable that is set, for telling where a value came from. */
export const oldEnvSetFor = (name: string, env: Env): string | undefined =>
  Object.entries(ENV_ALIASES).find(([old, now]) => now === name && given(env[old]))?.[0];
