/**
 * Writing a generated catalog to disk without ever holding its whole text: one file written in chunks, or a
 * folder of numbered files (`janus sim --catalog <folder>` loads them in name order). A large catalog needs
 * the folder: the simulator reads each file as one string, and V8 caps a string's length (about 512 MB).
 */
import fs from 'node:fs';
import path from 'node:path';
import { formatRecord } from '../store/export.js';

/** Records per file of a folder: each file's text stays far below V8's string limit. */
export const RECORDS_PER_FILE = 50_000;
/** Text buffered before each write. */
const CHUNK_CHARS = 8 << 20;

/** Writes the records as one metadata file, byte for byte what formatMetadataFile gives. Returns how many. */
export function writeCatalogFile(records: Iterable<unknown>, file: string): number {
  const fd = fs.openSync(file, 'w');
  let count = 0;
  try {
    let buffer = '[\n';
    for (const record of records) {
      buffer += (count++ ? ',\n' : '') + formatRecord(record);
      if (buffer.length >= CHUNK_CHARS) {
        fs.writeSync(fd, buffer);
        buffer = '';
      }
    }
    fs.writeSync(fd, `${buffer}\n]`);
  } finally {
    fs.closeSync(fd);
  }
  return count;
}

/**
 * Writes the records as `part-0001.json`, `part-0002.json`, ... in `folder` (created if missing), each a
 * metadata file of at most `perFile` records. Refuses a folder that already holds `.json` files: the
 * simulator would load them too.
 */
export function writeCatalogFolder(
  records: Iterable<unknown>,
  folder: string,
  perFile = RECORDS_PER_FILE,
): { files: number; records: number } {
  if (perFile < 1) throw new RangeError('perFile must be at least 1');
  const existing = jsonFilesIn(folder);
  if (existing.length)
    throw new Error(
      `${folder} already holds ${existing.length} .json file(s) (${existing[0]}, ...): the simulator would load them too`,
    );
  fs.mkdirSync(folder, { recursive: true });
  let part: unknown[] = [];
  let files = 0;
  let count = 0;
  const flush = () => {
    if (!part.length) return;
    writeCatalogFile(part, path.join(folder, `part-${String(++files).padStart(4, '0')}.json`));
    part = [];
  };
  for (const record of records) {
    part.push(record);
    count++;
    if (part.length === perFile) flush();
  }
  flush();
  return { files, records: count };
}

/** The `.json` files a folder holds (none if it does not exist): what the simulator would load from it. */
export const jsonFilesIn = (folder: string): string[] =>
  fs.existsSync(folder)
    ? fs
        .readdirSync(folder)
        .filter((f) => f.endsWith('.json'))
        .sort()
    : [];

/** Whether `--out` names a folder: it ends with a path separator, or is an existing directory. */
export const isFolderTarget = (out: string): boolean =>
  /[/\\]$/.test(out) || (fs.existsSync(out) && fs.statSync(out).isDirectory());
