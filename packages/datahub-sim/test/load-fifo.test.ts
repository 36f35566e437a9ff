import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatIssue, loadFiles } from '../src/loaders/index.js';
import { Store } from '../src/store/store.js';
import { mcp } from './support/records.js';

const URN = 'urn:li:dataset:(urn:li:dataPlatform:hive,beside_fifo,PROD)';

// Issue 38, finding 8: `--catalog` naming a FIFO hung the simulator, reading a pipe nobody writes. It is refused at
// once. Integration tier (test/tiers.ts): mkfifo runs as a child process.

const dir = mkdtempSync(join(tmpdir(), 'sim-fifo-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a FIFO given as a catalog', () => {
  it('is refused with an error naming it, not read forever', async () => {
    const fifo = join(dir, 'catalog.json');
    execFileSync('mkfifo', [fifo]);
    const report = await loadFiles(new Store(), [fifo]);
    expect(report.errors.map(formatIssue)).toEqual([`${fifo}#-1: a FIFO (named pipe), not a regular file: refused`]);
  });

  it('is refused inside a folder too, by name, and the folder’s other files load', async () => {
    const folder = mkdtempSync(join(dir, 'folder-'));
    execFileSync('mkfifo', [join(folder, 'a.json')]);
    writeFileSync(join(folder, 'b.json'), JSON.stringify([mcp('dataset', URN, 'status', { removed: false })]));
    const store = new Store();
    const report = await loadFiles(store, [folder]);
    expect(report.errors.map(formatIssue)).toEqual([
      `${join(folder, 'a.json')}#-1: a FIFO (named pipe), not a regular file: refused`,
    ]);
    expect(report.applied).toBe(1);
    expect(store.exists(URN)).toBe(true);
  });
});
