import { isJsonObject, type JsonObject } from './types.js';

/** JSON-Patch (RFC 6902) operations as DataHub's GMS applies them to an aspect's transformed JSON tree. */

export interface PatchOp {
  op: string;
  path: string;
  value?: unknown;
}

export class PatchError extends Error {}

/** Splits a JSON Pointer into unescaped segments (`~1` → `/`, then `~0` → `~`). */
export function parsePointer(path: string): string[] {
  if (!path.startsWith('/')) throw new PatchError(`patch path must start with "/": ${path}`);
  return path
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function checkKey(key: string): string {
  if (FORBIDDEN_KEYS.has(key)) throw new PatchError(`unsupported path segment ${key}`);
  return key;
}

function arrayIndex(arr: unknown[], segment: string, allowEnd: boolean): number {
  if (allowEnd && segment === '-') return arr.length;
  if (!/^(0|[1-9]\d*)$/.test(segment)) throw new PatchError(`invalid array index ${segment}`);
  const i = Number(segment);
  if (i > arr.length || (!allowEnd && i === arr.length)) throw new PatchError(`array index ${segment} out of range`);
  return i;
}

/**
 * Walks to the parent of the last segment. Like DataHub's `TemplateUtil.populateTopLevelKeys`, missing
 * object members on the way are created as empty objects (JSON Patch alone would refuse them).
 */
function parentOf(doc: JsonObject, segments: string[]): JsonObject | unknown[] {
  let node: unknown = doc;
  for (const seg of segments.slice(0, -1)) {
    if (Array.isArray(node)) {
      node = node[arrayIndex(node, seg, false)];
    } else if (isJsonObject(node)) {
      const key = checkKey(seg);
      if (node[key] === undefined || node[key] === null) node[key] = {};
      node = node[key];
    } else {
      throw new PatchError(`cannot descend into a ${typeof node} at ${seg}`);
    }
  }
  if (!Array.isArray(node) && !isJsonObject(node)) throw new PatchError('patch target parent is not a container');
  return node;
}

function applyOne(doc: JsonObject, op: PatchOp): void {
  const segments = parsePointer(op.path);
  const parent = parentOf(doc, segments);
  const last = segments[segments.length - 1]!;
  const value = structuredClone(op.value);
  switch (op.op) {
    case 'add':
      if (op.value === undefined) throw new PatchError(`add at ${op.path} has no value`);
      if (Array.isArray(parent)) parent.splice(arrayIndex(parent, last, true), 0, value);
      else parent[checkKey(last)] = value;
      return;
    case 'replace':
      if (op.value === undefined) throw new PatchError(`replace at ${op.path} has no value`);
      if (Array.isArray(parent)) parent[arrayIndex(parent, last, false)] = value;
      else if (parent[checkKey(last)] === undefined) throw new PatchError(`no value to replace at ${op.path}`);
      else parent[last] = value;
      return;
    case 'remove':
      // DataHub pre-creates the removed key too, so removing something absent is a no-op.
      if (Array.isArray(parent)) parent.splice(arrayIndex(parent, last, false), 1);
      else delete parent[checkKey(last)];
      return;
    default:
      throw new PatchError(`Unsupported PATCH operation: \`${op.op}\``);
  }
}

/**
 * Expands `*` segments of a remove path over the keys present at that level: DataHub's patch builder
 * uses `*` to remove an entry under every attribution source.
 */
function expandWildcards(doc: JsonObject, op: PatchOp): PatchOp[] {
  const segments = parsePointer(op.path);
  const star = segments.indexOf('*');
  if (op.op !== 'remove' || star === -1) return [op];
  let node: unknown = doc;
  for (const seg of segments.slice(0, star)) node = isJsonObject(node) ? node[seg] : undefined;
  if (!isJsonObject(node)) return [];
  const escape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
  return Object.keys(node).flatMap((key) =>
    expandWildcards(doc, {
      ...op,
      path: '/' + [...segments.slice(0, star), key, ...segments.slice(star + 1)].map(escape).join('/'),
    }),
  );
}

/** Applies the operations in order to `doc` (mutated). Throws PatchError when one cannot apply. */
export function applyOps(doc: JsonObject, ops: PatchOp[]): void {
  for (const op of ops) for (const expanded of expandWildcards(doc, op)) applyOne(doc, expanded);
}
