import { readdir, readFile, stat } from 'node:fs/promises';
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

async function readJson(file: string): Promise<{ value: unknown } | { error: string }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return { error: code === 'ENOENT' ? 'file not found' : `cannot read the file (${(e as Error).message})` };
  }
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (e) {
    return { error: `not valid JSON (${(e as Error).message})` };
  }
}

async function loadFile(store: Store, file: string, options: LoadOptions): Promise<LoadReport> {
  const read = await readJson(file);
  return 'error' in read ? fileError(file, read.error) : loadRecords(store, read.value, file, options);
}

/** The files of a folder in load order: the manifest's list if there is one, else every `*.json` by name. */
async function folderFiles(folder: string, total: LoadReport): Promise<string[]> {
  const names = (await readdir(folder, { withFileTypes: true }))
    .filter((d) => d.isFile() && d.name.endsWith('.json'))
    .map((d) => d.name)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
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
