import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatIssue, loadFiles } from '../src/loaders/index.js';
import { Store } from '../src/store/store.js';
import { mcp } from './support/records.js';

// Issue 38, finding 8: a file starting with a byte order mark was refused whole, and an empty folder loaded as an
// empty DataHub with no error. (A FIFO, which hung the loader, is test/load-fifo.test.ts: making one needs mkfifo.)

const dir = mkdtempSync(join(tmpdir(), 'sim-file-kinds-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const URN = 'urn:li:dataset:(urn:li:dataPlatform:hive,bom,PROD)';
const records = [mcp('dataset', URN, 'datasetProperties', { name: 'bom' })];

describe('metadata files of every kind', () => {
  it('loads a file that starts with a UTF-8 byte order mark, saying DataHub’s file source would refuse it', async () => {
    const file = join(dir, 'bom.json');
    writeFileSync(file, `\uFEFF${JSON.stringify(records)}`, 'utf8');
    const store = new Store();
    const report = await loadFiles(store, [file]);
    expect(report).toMatchObject({ files: 1, records: 1, applied: 1, errors: [] });
    expect(report.warnings.map(formatIssue)).toEqual([
      `${file}#-1: starts with a UTF-8 byte order mark, stripped (DataHub's file source refuses such a file)`,
    ]);
    expect(store.aspect(URN, 'datasetProperties')).toEqual({ name: 'bom' });
  });

  it('reports a folder with no .json file as an error: there is nothing to serve', async () => {
    const empty = join(dir, 'empty');
    mkdirSync(empty);
    writeFileSync(join(empty, 'notes.txt'), 'not metadata');
    const report = await loadFiles(new Store(), [empty]);
    expect(report.errors.map(formatIssue)).toEqual([
      `${empty}#-1: the folder holds no regular .json file: nothing to load`,
    ]);
    expect(report).toMatchObject({ records: 0, applied: 0 });
  });
});
