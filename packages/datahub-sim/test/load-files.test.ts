import { describe, expect, it } from 'vitest';
import { formatIssue, loadFiles } from '../src/loaders/index.js';
import { Store } from '../src/store/store.js';
import { fixture } from './fixtures/load/load-fixture.js';

const description = (store: Store, urn: string) =>
  store.aspect<{ description?: string }>(urn, 'datasetProperties')?.description;

describe('loadFiles', () => {
  it('loads files in the order given and sums their reports', async () => {
    const store = new Store();
    const report = await loadFiles(store, [fixture('mcp-forms.json'), fixture('later-wins-and-timeseries.json')]);
    expect(report).toMatchObject({ files: 2, records: 5 + 9, applied: 5 + 10, errors: [], warnings: [] });
    expect(store.aspect('urn:li:corpuser:mary.jane', 'corpUserStatus')).toMatchObject({ status: 'SUSPENDED' });
  });

  it('reports an unparseable or missing file as one error and still loads the others', async () => {
    const store = new Store();
    const broken = fixture('not-json.json');
    const missing = fixture('no-such-file.json');
    const report = await loadFiles(store, [broken, fixture('single-record.json'), missing]);
    expect(report.files).toBe(3);
    expect(report.records).toBe(1);
    expect(report.applied).toBe(1);
    expect(report.errors).toHaveLength(2);
    expect(report.errors[0]).toMatchObject({ file: broken, index: -1 });
    expect(report.errors[0]!.message).toMatch(/^not valid JSON/);
    expect(report.errors[1]).toEqual({ file: missing, index: -1, message: 'file not found' });
    expect(formatIssue(report.errors[1]!)).toBe(`${missing}#-1: file not found`);
    expect(store.exists('urn:li:dataset:(urn:li:dataPlatform:hive,single,PROD)')).toBe(true);
    expect(store.exists('urn:li:dataset:(urn:li:dataPlatform:hive,cut,PROD)')).toBe(false);
  });

  it('loads a folder’s *.json files sorted by name', async () => {
    const store = new Store();
    const report = await loadFiles(store, [fixture('plain')]);
    expect(report).toMatchObject({ files: 2, records: 2, errors: [] });
    expect(description(store, 'urn:li:dataset:(urn:li:dataPlatform:hive,plain,PROD)')).toBe('from b');
  });

  it('follows a folder’s datapack manifest: only the listed files, in its order, not the manifest itself', async () => {
    const store = new Store();
    const report = await loadFiles(store, [fixture('pack')]);
    // 02 then 01, so 01's description wins, the opposite of name order.
    expect(description(store, 'urn:li:dataset:(urn:li:dataPlatform:snowflake,pack.table,PROD)')).toBe('from 01');
    expect(store.exists('urn:li:dataset:(urn:li:dataPlatform:snowflake,pack.other,PROD)')).toBe(true);
    expect(store.exists('urn:li:dataset:(urn:li:dataPlatform:snowflake,pack.unlisted,PROD)')).toBe(false);
    expect(report).toMatchObject({ files: 3, records: 3, applied: 3, warnings: [] });
    expect(report.errors).toEqual([{ file: fixture('pack/03-missing.json'), index: -1, message: 'file not found' }]);
  });

  it('reports a manifest it cannot use and loads the folder by name instead', async () => {
    const store = new Store();
    const report = await loadFiles(store, [fixture('pack-broken')]);
    expect(report.errors).toHaveLength(1);
    expect(report.errors[0]).toMatchObject({ file: fixture('pack-broken/index.json'), index: -1 });
    expect(report.errors[0]!.message).toMatch(
      /^not a datapack manifest .*; loading the folder's other files by name instead$/,
    );
    expect(store.exists('urn:li:dataset:(urn:li:dataPlatform:hive,broken_pack,PROD)')).toBe(true);
    expect(report).toMatchObject({ files: 2, records: 1, applied: 1 });
  });
});
