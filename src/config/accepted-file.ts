import fs from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import type { Acceptance, AcceptancePolicy } from '../core/acceptance/acceptance.js';
import { acceptanceProblems } from '../core/acceptance/limits.js';
import { UsageError } from '../errors.js';

/** Where `janus gate` looks for the repository's acceptances when `--accepted` names no file. */
export const ACCEPTED_FILE = '.janus/accepted.yml';

const date = z.union([z.string(), z.date().transform((d) => d.toISOString())]);
const entrySchema = z.object({
  key: z.string().default(''),
  by: z.string().default(''),
  reason: z.string().default(''),
  until: date,
  at: date.optional(),
  /** The severity accepted: a worse one lapses the acceptance. */
  severity: z.enum(['critical', 'high', 'medium', 'low']).optional(),
});
const fileSchema = z.union([z.object({ accepted: z.array(entrySchema).nullable().default([]) }), z.array(entrySchema)]);

/** A date alone (`2027-01-05`) is that day's start, UTC. */
const instant = (d: string) => (/^\d{4}-\d{2}-\d{2}$/.test(d.trim()) ? `${d.trim()}T00:00:00.000Z` : d.trim());

/**
 * The acceptances a repository carries (`.janus/accepted.yml`: key, by, reason, until; docs/accepted-risk.md). Every
 * problem at once, each naming its entry, as a usage error (exit 2): an entry without a reason, or past the maximum
 * duration, is refused, never quietly dropped. `required`: a file named on the command line must exist.
 */
export function readAcceptedFile(file: string, policy: AcceptancePolicy, now: number, required = false): Acceptance[] {
  if (!fs.existsSync(file)) {
    if (required) throw new UsageError(`--accepted ${file}: no such file`);
    return [];
  }
  let raw: unknown;
  try {
    raw = parseYaml(fs.readFileSync(file, 'utf8')) ?? [];
  } catch (err) {
    throw new UsageError(`${file}: not YAML: ${(err as Error).message.split('\n')[0]}`);
  }
  const parsed = fileSchema.safeParse(raw);
  if (!parsed.success)
    throw new UsageError(
      `${file}: expected a list of acceptances (key, by, reason, until) under "accepted": ${parsed.error.issues
        .map((i) => `${i.path.join('.') || 'file'}: ${i.message}`)
        .join('; ')}`,
    );
  const entries = Array.isArray(parsed.data) ? parsed.data : (parsed.data.accepted ?? []);
  const problems = entries.flatMap((e, i) =>
    acceptanceProblems({ ...e, until: instant(e.until), ...(e.at ? { at: instant(e.at) } : {}) }, policy, now).map(
      (p) => `${file}: entry ${i + 1}${e.key ? ` (${e.key})` : ''}: ${p}`,
    ),
  );
  if (problems.length) throw new UsageError(problems.join('\n'));
  return entries.map((e) => ({
    key: e.key.trim(),
    by: e.by.trim(),
    reason: e.reason.trim(),
    until: new Date(instant(e.until)).toISOString(),
    ...(e.at ? { at: new Date(instant(e.at)).toISOString() } : {}),
    ...(e.severity ? { accepted: { severity: e.severity } } : {}),
    source: 'file' as const,
  }));
}
