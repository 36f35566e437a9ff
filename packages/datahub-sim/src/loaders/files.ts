import { constants, type Dirent, type Stats } from 'node:fs';
import { open, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { Store } from '../store/store.js';
import { loadRecords } from './records.js';
import { emptyReport, mergeReport, type LoadOptions, type LoadReport } from './types.js';

/** Reads metadata files and folders from disk, as DataHub's `file` source does, into the store. */

const MANIFEST = 'index.json';

/** A datapack manifest (DataHub static-assets `datapacks/<name>/index.json`): the files to load, in order. */
const manifestSchema = z.object({
  version: z.union([z.string(), z.number()]).optional(),
  files: z.array(z.object({ path: z.string().min(1) })),
});

const fileError = (file: string, message: string): LoadReport => ({
  ...emptyReport(),
  files: 1,
  errors: [{ file, index: -1, message }],
});

/** What a path is when it is not a regular file, for the error that refuses it. */
function kindOf(s: Stats | Dirent): string {
  if (s.isFIFO()) return 'a FIFO (named pipe)';
  if (s.isSocket()) return 'a socket';
  if (s.isCharacterDevice()) return 'a character device';
  if (s.isBlockDevice()) return 'a block device';
  return 'not a regular file';
}

const BOM = '\uFEFF';

type Read = { value: unknown; bom: boolean } | { error: string };

/**
 * A metadata file's JSON. Opened without blocking and checked on the open handle, so a FIFO or device is refused
 * at once instead of read forever. A leading UTF-8 byte order mark is stripped (reported apart, see `loadFile`).
 */
async function readJson(file: string): Promise<Read> {
  let text: string;
  try {
    const handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      const s = await handle.stat();
      if (s.isDirectory()) return { error: 'a folder where a file was expected' };
      if (!s.isFile()) return { error: `${kindOf(s)}, not a regular file: refused` };
      text = await handle.readFile('utf8');
    } finally {
      await handle.close();
    }
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return { error: code === 'ENOENT' ? 'file not found' : `cannot read the file (${(e as Error).message})` };
  }
  const bom = text.startsWith(BOM);
  try {
    return { value: JSON.parse(bom ? text.slice(1) : text) as unknown, bom };
  } catch (e) {
    return { error: `not valid JSON (${(e as Error).message})` };
  }
}

async function loadFile(store: Store, file: string, options: LoadOptions): Promise<LoadReport> {
  const read = await readJson(file);
  if ('error' in read) return fileError(file, read.error);
  const report = loadRecords(store, read.value, file, options);
  // DataHub's file source reads with open(path, "r") and json.load, which refuses a BOM ("Unexpected UTF-8 BOM");
  // the simulator loads the file and says so.
  if (read.bom) {
    report.warnings.unshift({
      file,
      index: -1,
      message: "starts with a UTF-8 byte order mark, stripped (DataHub's file source refuses such a file)",
    });
  }
  return report;
}

/** The files of a folder in load order: the manifest's list if there is one, else every `*.json` by name. */
async function folderFiles(folder: string, total: LoadReport): Promise<string[]> {
  const entries = (await readdir(folder, { withFileTypes: true })).filter((d) => d.name.endsWith('.json'));
  // a FIFO, socket or device named *.json is refused by name, not opened
  for (const d of entries.filter((e) => !e.isFile() && !e.isDirectory() && !e.isSymbolicLink()))
    mergeReport(total, fileError(join(folder, d.name), `${kindOf(d)}, not a regular file: refused`));
  const names = entries
    .filter((d) => d.isFile() || d.isSymbolicLink())
    .map((d) => d.name)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (!names.length) {
    mergeReport(total, fileError(folder, 'the folder holds no regular .json file: nothing to load'));
    return [];
  }
  if (!names.includes(MANIFEST)) return names.map((n) => join(folder, n));
  const manifestFile = join(folder, MANIFEST);
  const read = await readJson(manifestFile);
  if ('value' in read && Array.isArray(read.value)) return names.map((n) => join(folder, n)); // records, not a manifest
  const manifest = 'value' in read ? manifestSchema.safeParse(read.value) : undefined;
  if (manifest?.success) return manifest.data.files.map((f) => join(folder, f.path));
  const reason = 'error' in read ? read.error : `not a datapack manifest (${manifest?.error.issues[0]?.message ?? ''})`;
  mergeReport(total, fileError(manifestFile, `${reason}; loading the folder's other files by name instead`));
  return names.filter((n) => n !== MANIFEST).map((n) => join(folder, n));
}

/**
 * Loads each path in order: a file, or a folder (its `index.json` manifest order, else every `*.json`
 * sorted by name). A missing or unparseable file is one error (index -1); the other files still load.
 */
export async function loadFiles(store: Store, paths: string[], options: LoadOptions = {}): Promise<LoadReport> {
  const total = emptyReport();
  for (const path of paths) {
    const isFolder = await stat(path).then(
      (s) => s.isDirectory(),
      () => false,
    );
    const files = isFolder ? await folderFiles(path, total) : [path];
    for (const file of files) mergeReport(total, await loadFile(store, file, options));
  }
  return total;
}
