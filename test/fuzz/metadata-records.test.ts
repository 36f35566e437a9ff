import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { demoCatalog } from '@janus/datahub-sim/demo';
import { loadRecords } from '@janus/datahub-sim/load';
import { Store } from '@janus/datahub-sim';
import { fuzz } from './support.js';

// The fuzz suite, metadata surface (issue 20): demo records mutated (truncated, wrong types, deep nesting, unknown
// aspects) and loaded between two intact ones. Invariant: the loader never throws; every record is counted; a bad
// record is reported with its file and index alone; the intact ones still load.
const DEMO_RECORDS = demoCatalog(Date.UTC(2026, 0, 1)) as Record<string, unknown>[];
const CONTROL = {
  entityType: 'dataset',
  entityUrn: 'urn:li:dataset:(urn:li:dataPlatform:hive,fuzz_control,PROD)',
  changeType: 'UPSERT',
  aspectName: 'datasetProperties',
  aspect: { json: { name: 'fuzz_control', customProperties: {} } },
};

type Json = unknown;
const junk: fc.Arbitrary<Json> = fc.oneof(
  fc.constant(null),
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 20 }),
  fc.boolean(),
  fc.constant([]),
  fc.constant({}),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Paths into a record (keys and indexes), to pick a place to mutate. */
function paths(v: Json, prefix: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(prefix);
  if (out.length > 400 || v === null || typeof v !== 'object') return out;
  for (const [k, child] of Object.entries(v)) paths(child, [...prefix, Array.isArray(v) ? Number(k) : k], out);
  return out;
}

type Mutation =
  | { kind: 'replace'; at: number; value: Json }
  | { kind: 'delete'; at: number }
  | { kind: 'deep'; at: number; depth: number }
  | { kind: 'aspect'; name: string }
  | { kind: 'truncate'; keep: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), value: junk }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('deep' as const), at: fc.nat(), depth: fc.integer({ min: 1, max: 600 }) }),
  fc.record({ kind: fc.constant('aspect' as const), name: fc.string({ maxLength: 30 }) }),
  fc.record({ kind: fc.constant('truncate' as const), keep: fc.nat() }),
);

function mutate(record: Json, m: Mutation): Json {
  const copy = structuredClone(record) as Record<string, unknown>;
  if (copy === null || typeof copy !== 'object') return m.kind === 'deep' ? nest(copy, m.depth) : copy;
  if (m.kind === 'aspect') {
    copy.aspectName = m.name;
    return copy;
  }
  if (m.kind === 'truncate') {
    // the record's text cut short, as a file written by a crashed process: whatever still parses
    const text = JSON.stringify(copy);
    const cut = text.slice(0, m.keep % (text.length + 1));
    try {
      return JSON.parse(cut) as Json;
    } catch {
      return cut;
    }
  }
  const all = paths(copy);
  const where = all[m.at % all.length]!;
  if (!where.length) return m.kind === 'replace' ? m.value : m.kind === 'delete' ? undefined : nest(copy, m.depth);
  let parent: Record<string | number, unknown> = copy;
  for (const k of where.slice(0, -1)) parent = parent[k] as Record<string | number, unknown>;
  const last = where.at(-1)!;
  if (m.kind === 'replace') parent[last] = m.value;
  else if (m.kind === 'delete') delete parent[last];
  else parent[last] = nest(parent[last], m.depth);
  return copy;
}

function nest(v: Json, depth: number): Json {
  let out = v;
  for (let i = 0; i < depth; i++) out = i % 2 ? [out] : { v: out };
  return out;
}

describe('fuzz: metadata records', () => {
  it('a mutated demo record is loaded or reported alone, by file and index; the others load', async () => {
    await fuzz(
      'metadata records',
      fc.property(
        fc.nat({ max: DEMO_RECORDS.length - 1 }),
        fc.array(mutation, { minLength: 1, maxLength: 3 }),
        (i, mutations) => {
          const record = mutations.reduce((r, m) => mutate(r, m), DEMO_RECORDS[i] as Json);
          const store = new Store();
          const report = loadRecords(
            store,
            [CONTROL, record, { ...CONTROL, entityUrn: CONTROL.entityUrn.replace('control', 'after') }],
            'fuzz.json',
          );
          expect(report.records).toBe(3);
          for (const issue of [...report.errors, ...report.warnings]) {
            expect(issue.file).toBe('fuzz.json');
            expect(issue.index).toBe(1);
            expect(issue.message.length).toBeLessThan(2_000);
          }
          expect(store.get(CONTROL.entityUrn)).toBeDefined();
          expect(store.get(CONTROL.entityUrn.replace('control', 'after'))).toBeDefined();
        },
      ),
      2_500,
      45_000,
    );
  }, 90_000);
});
