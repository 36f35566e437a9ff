import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatIssue, loadFiles, loadRecords } from '../src/loaders/index.js';
import { MAX_STRING_LENGTH } from '../src/loaders/limits.js';
import { Store } from '../src/store/store.js';
import { goodProposal, MALFORMED, nestedText } from './support/malformed.js';
import { mcp } from './support/records.js';

// Issue 38, finding 8: records of the wrong shape loaded as an empty or partial store with no error, and 11 of 27
// malformed records went unnamed. Each is now refused alone and named `file#index: reason`; the rest loads.

const dir = mkdtempSync(join(tmpdir(), 'sim-shapes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const entityTypeOf = (urn: string) => /^urn:li:([A-Za-z]+):/.exec(urn)?.[1] ?? 'dataset';
const record = (p: { entityUrn: string; aspectName: string; aspect: object }) =>
  mcp(entityTypeOf(p.entityUrn), p.entityUrn, p.aspectName, p.aspect);

const ownershipMce = (owners: unknown) => ({
  proposedSnapshot: {
    'com.linkedin.pegasus2avro.metadata.snapshot.DatasetSnapshot': {
      urn: 'urn:li:dataset:(urn:li:dataPlatform:hive,mce,PROD)',
      aspects: [{ 'com.linkedin.pegasus2avro.common.Ownership': { owners } }],
    },
  },
});

/** The malformed MCPs, an MCE of the wrong shape and an aspect nested too deep, each after a good record. */
function mixedFile(): { records: unknown[]; bad: Map<number, RegExp> } {
  const records: unknown[] = [];
  const bad = new Map<number, RegExp>();
  const add = (r: unknown, reason: RegExp) => {
    records.push(record(goodProposal(records.length)));
    bad.set(records.length, reason);
    records.push(r);
  };
  for (const m of MALFORMED) add(record(m), m.reason);
  add(
    ownershipMce('alice'),
    /^invalid MCE: aspect 0 \(ownership\): Invalid format for aspect: dataset\n Cause: \[ERROR :: \/owners :: "alice" is not backed by a DataList/,
  );
  add(
    { ...record(goodProposal(0)), aspect: { value: nestedText(50_000), contentType: 'application/json' } },
    /^the aspect is nested deeper than 100/,
  );
  records.push(record(goodProposal(records.length)));
  return { records, bad };
}

describe('loading records of the wrong shape', () => {
  it('names every malformed record `file#index: reason` and loads every good one', async () => {
    const { records, bad } = mixedFile();
    const file = join(dir, 'mixed.json');
    writeFileSync(file, JSON.stringify(records));
    const store = new Store();
    const report = await loadFiles(store, [file]);

    expect(report.errors.map((e) => e.index)).toEqual([...bad.keys()]);
    for (const error of report.errors) {
      expect(formatIssue(error).startsWith(`${file}#${error.index}: `)).toBe(true);
      expect(error.message).toMatch(bad.get(error.index)!);
    }
    const good = records.length - bad.size;
    expect(report).toMatchObject({ records: records.length, applied: good, warnings: [] });
    expect(store.size).toBe(good);
    expect(bad.size).toBe(MALFORMED.length + 2);
  });

  it('refuses a string longer than GMS reads (16,000,000 characters), naming the record', () => {
    const long = mcp('dataset', 'urn:li:dataset:(urn:li:dataPlatform:hive,long,PROD)', 'datasetProperties', {
      name: 'x'.repeat(MAX_STRING_LENGTH + 1),
    });
    const report = loadRecords(new Store(), [long], 'long.json');
    expect(report.errors.map(formatIssue)).toEqual([
      `long.json#0: String value length (${MAX_STRING_LENGTH + 1}) exceeds the maximum allowed (${MAX_STRING_LENGTH}, from \`StreamReadConstraints.getMaxStringLength()\`)`,
    ]);
  });

  it('refuses a patch that leaves an aspect of the wrong shape, as GMS validates the patched aspect', () => {
    const urn = 'urn:li:dataset:(urn:li:dataPlatform:hive,patched,PROD)';
    const patch = {
      entityType: 'dataset',
      entityUrn: urn,
      changeType: 'PATCH',
      aspectName: 'datasetProperties',
      aspect: { json: [{ op: 'add', path: '/description', value: 12 }] },
    };
    const store = new Store();
    const report = loadRecords(store, [mcp('dataset', urn, 'datasetProperties', { name: 'p' }), patch], 'p.json');
    expect(report.errors.map(formatIssue)).toEqual([
      expect.stringMatching(
        /^p\.json#1: Invalid format for aspect: dataset\n Cause: \[ERROR :: \/description :: 12 cannot be coerced to String\]/,
      ),
    ]);
    expect(store.aspect(urn, 'datasetProperties')).toEqual({ name: 'p' });
  });
});
