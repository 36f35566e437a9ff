import fs from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { z } from 'zod';
import { ConfigError } from '../errors.js';
import { resolveAliases } from './aliases.js';
import { configFromEnv, envNameFor } from './env.js';
import { configSchema, type Config } from './schema.js';

export const DEFAULT_CONFIG_FILE = 'janus.config.yaml';

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
  if (!result.success) throw new ConfigError(result.error.issues.map((i) => describeIssue(i, fromFile.path)));
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
  let parsed: unknown;
  try {
    parsed = parseYaml(fs.readFileSync(file, 'utf8'));
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

function describeIssue(issue: z.core.$ZodIssue, file?: string): string {
  const setting = issue.path.join('.');
  const env = envNameFor(setting);
  const where = [env && `env ${env}`, file && `or ${path.basename(file)}`].filter(Boolean).join(' ');
  const secret = /token|secret|password/i.test(setting);
  const received =
    !secret && 'input' in issue && issue.input !== undefined ? `, got ${JSON.stringify(issue.input)}` : '';
  return `${setting || '(root)'}${where ? ` (${where})` : ''}: ${issue.message}${received}`;
}
