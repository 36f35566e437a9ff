import fs from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { z } from 'zod';
import { ConfigError, UsageError } from '../errors.js';
import { resolveAliases, SECTION_ALIASES } from './aliases.js';
import { knownKeysAt, unknownKeyHint } from './unknown-keys.js';
import { clipEcho } from '../core/echo.js';
import { FileProblem, readRegularFile } from '../runtime/regular-file.js';
import { configFromEnv, envNameFor } from './env.js';
import { configSchema, type Config } from './schema.js';

export const DEFAULT_CONFIG_FILE = 'janus.config.yaml';
/** The largest config file read: settings, not data (read no further, so a device is refused at once). */
export const CONFIG_FILE_MAX_BYTES = 1024 * 1024;

export interface LoadConfigOptions {
  env?: Record<string, string | undefined>;
  /** An explicit `--config FILE`: it must exist. Without it, `janus.config.yaml` in `cwd` is read if present. */
  file?: string;
  cwd?: string;
  /** Where a deprecation line goes (an old setting name used); the CLI logs it. Default: stderr. */
  warn?: (line: string) => void;
}

const warnOnStderr = (line: string) => void process.stderr.write(`janus: ${line}\n`);

/** Defaults, then the config file, then the environment; every problem is reported at once. */
export function loadConfig(options: LoadConfigOptions = {}): Config {
  const env = options.env ?? process.env;
  const fromFile = readConfigFile(options.file, options.cwd ?? process.cwd());
  const aliased = resolveAliases(fromFile.values, env, fromFile.path ? path.basename(fromFile.path) : undefined);
  if (aliased.clashes.length) throw new ConfigError(aliased.clashes);
  for (const line of aliased.deprecated) (options.warn ?? warnOnStderr)(line);
  const merged = mergeSections(aliased.file, configFromEnv(aliased.env));
  const result = configSchema.safeParse(merged, { reportInput: true });
  if (!result.success)
    throw new ConfigError(result.error.issues.flatMap((i) => describeIssue(i, fromFile.path, fromFile.values)));
  return result.data;
}

/** The config file's own values (`--config FILE`, else ./janus.config.yaml when present): to tell a setting's source. */
export function configFileValues(options: Pick<LoadConfigOptions, 'file' | 'cwd'> = {}): Record<string, unknown> {
  return resolveAliases(readConfigFile(options.file, options.cwd ?? process.cwd()).values, {}).file;
}

function readConfigFile(explicit: string | undefined, cwd: string): { values: Record<string, unknown>; path?: string } {
  const file = explicit ? path.resolve(cwd, explicit) : path.join(cwd, DEFAULT_CONFIG_FILE);
  if (!fs.existsSync(file)) {
    if (explicit) throw new ConfigError([`config file ${explicit}: not found`]);
    return { values: {} };
  }
  let text: string;
  try {
    text = readRegularFile(file, CONFIG_FILE_MAX_BYTES);
  } catch (e) {
    // a file that cannot be read at all is one line, not a list of settings
    if (e instanceof FileProblem) throw new UsageError(`config file ${clipEcho(explicit ?? file)}: ${e.message}`);
    throw e;
  }
  let parsed: unknown;
  try {
    parsed = parseYaml(text);
  } catch (e) {
    throw new ConfigError([`config file ${file}: not valid YAML (${(e as Error).message.split('\n')[0]})`]);
  }
  if (parsed == null) return { values: {}, path: file };
  if (typeof parsed !== 'object' || Array.isArray(parsed))
    throw new ConfigError([`config file ${file}: expected a mapping of settings`]);
  return { values: parsed as Record<string, unknown>, path: file };
}

function mergeSections(
  base: Record<string, unknown>,
  over: Record<string, Record<string, string>>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [section, values] of Object.entries(over)) {
    const current = out[section];
    out[section] = { ...(current && typeof current === 'object' ? current : {}), ...values };
  }
  return out;
}

/**
 * One line per problem: the setting, where it is set, what is wrong; an unknown key one line each, its path as the
 * file wrote it (an old section name kept), with the closest known key.
 */
function describeIssue(
  issue: z.core.$ZodIssue,
  file: string | undefined,
  fileValues: Record<string, unknown>,
): string[] {
  if (issue.code === 'unrecognized_keys') {
    const written = asWritten(issue.path, fileValues);
    const known = knownKeysAt(configSchema, issue.path);
    const where = file ? ` (${path.basename(file)})` : '';
    return issue.keys.map((key) => `${clipEcho([...written, key].join('.'))}${where}: ${unknownKeyHint(key, known)}`);
  }
  return [describeValueIssue(issue, issue.path.join('.'), file)];
}

/** An issue's path with a section's old name when the file used it (`scan.intervall`, not `cycle.intervall`). */
function asWritten(issuePath: readonly PropertyKey[], fileValues: Record<string, unknown>): string[] {
  const [section, ...rest] = issuePath.map(String);
  if (section === undefined) return [];
  const old = Object.entries(SECTION_ALIASES).find(([o, now]) => now === section && o in fileValues)?.[0];
  return [old ?? section, ...rest];
}

function describeValueIssue(issue: z.core.$ZodIssue, setting: string, file?: string): string {
  const env = envNameFor(setting);
  const where = [env && `env ${env}`, file && `or ${path.basename(file)}`].filter(Boolean).join(' ');
  const secret = /token|secret|password/i.test(setting);
  const received =
    !secret && 'input' in issue && issue.input !== undefined ? `, got ${clipEcho(JSON.stringify(issue.input))}` : '';
  return `${setting || '(root)'}${where ? ` (${where})` : ''}: ${issue.message}${received}`;
}
