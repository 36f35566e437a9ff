import fs from 'node:fs';
import { z } from 'zod';
import { defineOperation } from '../operation.js';
import * as writeOps from '../queries/write-ops.js';
import { API_GENERATIONS, forApi, type ApiGeneration } from './api-generation.js';

const OPERATIONS_DIR = new URL('../operations/', import.meta.url);

/** Operation files (`write/add-tag`), without fragments and the older generations' folders. */
function operationFiles(dir = OPERATIONS_DIR, prefix = ''): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.isDirectory())
      return e.name === 'fragments' || (API_GENERATIONS as readonly string[]).includes(e.name)
        ? []
        : operationFiles(new URL(`${e.name}/`, dir), `${prefix}${e.name}/`);
    return e.name.endsWith('.graphql') ? [`${prefix}${e.name.slice(0, -'.graphql'.length)}`] : [];
  });
}

/**
 * Every document Janus sends to a DataHub of `api`, by operation name (a batched write as one write): what CI checks
 * against each release's real schema (scripts/sent-operations.mjs) and the tests against the simulator's.
 */
export function sentDocuments(api: ApiGeneration): Map<string, string> {
  const docs = new Map<string, string>();
  for (const file of operationFiles()) {
    const op = defineOperation(file, z.unknown());
    docs.set(op.name, forApi(op, api).document);
  }
  for (const batch of Object.values(writeOps)) {
    const sent = forApi(batch, api);
    docs.delete(batch.name);
    docs.set(sent.name, sent.document(1));
  }
  return docs;
}
