import fs from 'node:fs';
import path from 'node:path';
import { Kind, parse } from 'graphql';
import { ROOT } from './paths.js';

/** Janus's operations (src/datahub/operations/**.graphql) by name: query or mutation. */
export function janusOperationKinds(dir = path.join(ROOT, 'src', 'datahub', 'operations')): Record<string, string> {
  const kinds: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.graphql')) continue;
    const doc = parse(fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8'));
    for (const def of doc.definitions)
      if (def.kind === Kind.OPERATION_DEFINITION && def.name) kinds[def.name.value] = def.operation;
  }
  return kinds;
}

/** Requests by operation, split into reads and writes (operations not found count as reads). */
export function splitReadsWrites(
  byOperation: Record<string, number>,
  kinds: Record<string, string>,
): { reads: number; writes: number } {
  let reads = 0;
  let writes = 0;
  for (const [name, n] of Object.entries(byOperation)) {
    if (kinds[name] === 'mutation') writes += n;
    else reads += n;
  }
  return { reads, writes };
}
