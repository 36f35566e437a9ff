import { describe, expect, it } from 'vitest';
import { formatIssue, loadRecords } from '../src/loaders/index.js';
import { MAX_RECORD_DEPTH } from '../src/loaders/records.js';
import { Store } from '../src/store/store.js';

// Issue 20, case 8: a deeply nested aspect made `janus sim` exit with "Maximum call stack size exceeded" and reject
// the whole catalog. That record is rejected; the rest loads.
const dataset = (name: string, description: unknown) => ({
  entityType: 'dataset',
  entityUrn: `urn:li:dataset:(urn:li:dataPlatform:hive,${name},PROD)`,
  changeType: 'UPSERT',
  aspectName: 'datasetProperties',
  aspect: { json: { name, description } },
});

/** A file's text with one record nested `depth` levels deep (built as text: JSON.stringify would recurse). */
const nestedText = (depth: number) => `${'{"x":['.repeat(depth)}"bottom"${']}'.repeat(depth)}`;

describe('a deeply nested record', () => {
  it('is rejected alone, naming the file and index; the records around it load', () => {
    const store = new Store();
    const deep = JSON.stringify(dataset('deep', '@')).replace('"@"', nestedText(50_000));
    const text = `[${JSON.stringify(dataset('before', 'fine'))},${deep},${JSON.stringify(dataset('after', 'fine'))}]`;
    const records = JSON.parse(text) as unknown[];
    const report = loadRecords(store, records, 'catalog.json');
    expect(report.errors.map(formatIssue)).toEqual([`catalog.json#1: nested deeper than ${MAX_RECORD_DEPTH}`]);
    expect(report.applied).toBe(2);
    expect(store.get('urn:li:dataset:(urn:li:dataPlatform:hive,before,PROD)')).toBeDefined();
    expect(store.get('urn:li:dataset:(urn:li:dataPlatform:hive,after,PROD)')).toBeDefined();
    expect(store.get('urn:li:dataset:(urn:li:dataPlatform:hive,deep,PROD)')).toBeUndefined();
  });

  it('loads a record nested within the limit', () => {
    const report = loadRecords(new Store(), [dataset('ok', 'plain')], 'catalog.json');
    expect(report.errors).toEqual([]);
  });
});
