import { readFile, stat } from 'node:fs/promises';
import { tokensFileSchema, type TokenSpec } from './tokens.js';

/**
 * Reads a tokens file (JSON): `{"tokens": {"<token>": {"actor": "urn:li:corpuser:…", "privileges": [...],
 * "resourcePrivileges": [{"resources": ["<urn>", ...], "privileges": [...]}]}}}`. Throws an Error that says what
 * is wrong and where.
 */
export async function readTokensFile(path: string): Promise<Record<string, TokenSpec>> {
  let json: unknown;
  try {
    // a FIFO or a device (/dev/zero) would block the read or never end it
    if (!(await stat(path)).isFile()) throw new Error('not a regular file');
    json = JSON.parse(await readFile(path, 'utf8'));
  } catch (e) {
    throw new Error(`${path}: ${(e as Error).message}`);
  }
  const parsed = tokensFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${path}: ${issue.path.join('.') || '(top)'}: ${issue.message}`);
  }
  return parsed.data.tokens;
}
