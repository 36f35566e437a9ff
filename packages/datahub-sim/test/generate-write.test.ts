import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exportStoreText, formatMetadataFile } from '../src/store/export.js';
import { generateCatalog } from '../src/generate/index.js';
import { writeCatalogFile, writeCatalogFolder } from '../src/generate/write.js';
import { loadFiles } from '../src/loaders/index.js';
import { Store } from '../src/store/store.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'janus-generate-write-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const records = generateCatalog({ models: 12, datasets: 150, depth: 4, seed: 9 });

async function storeFrom(p: string): Promise<Store> {
  const store = new Store();
  const report = await loadFiles(store, [p]);
  expect(report.errors).toEqual([]);
  return store;
}

describe('writing a generated catalog', () => {
  it('writes one file exactly as the file sink would, without holding its whole text', () => {
    const file = path.join(dir, 'one.json');
    expect(writeCatalogFile(records, file)).toBe(records.length);
    expect(fs.readFileSync(file, 'utf8')).toBe(formatMetadataFile(records));
    writeCatalogFile([], path.join(dir, 'empty.json'));
    expect(fs.readFileSync(path.join(dir, 'empty.json'), 'utf8')).toBe(formatMetadataFile([]));
  });

  it('splits a folder into numbered files of at most perFile records, loaded back as the same store', async () => {
    const folder = path.join(dir, 'parts');
    const written = writeCatalogFolder(records, folder, 400);
    expect(written).toEqual({ files: Math.ceil(records.length / 400), records: records.length });
    const names = fs.readdirSync(folder).sort();
    expect(names[0]).toBe('part-0001.json');
    expect(
      names
        .map((n) => (JSON.parse(fs.readFileSync(path.join(folder, n), 'utf8')) as unknown[]).length)
        .every((n) => n <= 400),
    ).toBe(true);
    const file = path.join(dir, 'whole.json');
    writeCatalogFile(records, file);
    expect(exportStoreText(await storeFrom(folder))).toBe(exportStoreText(await storeFrom(file)));
  });

  it('refuses a folder that already holds .json files', () => {
    const folder = path.join(dir, 'taken');
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, 'old.json'), '[]');
    expect(() => writeCatalogFolder(records, folder)).toThrow(/already holds 1 \.json file/);
  });
});
