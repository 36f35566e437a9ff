import fs from 'node:fs';

/**
 * Files a user names (`--config`, `--lineage`, `--output`) must be regular files: a FIFO blocks its reader until a
 * writer comes (and a writer until a reader does), a device such as /dev/zero never ends. Each is opened without
 * blocking and checked with fstat before a byte moves, so the check and the read are of the same file.
 */
export class FileProblem extends Error {}

/** What a non-regular file is, in words, or undefined for a regular file. */
export function notRegular(stats: fs.Stats): string | undefined {
  if (stats.isFile()) return undefined;
  if (stats.isDirectory()) return 'is a folder, not a file';
  if (stats.isFIFO()) return 'is a FIFO (named pipe), not a regular file';
  if (stats.isCharacterDevice()) return 'is a character device, not a regular file';
  if (stats.isBlockDevice()) return 'is a block device, not a regular file';
  if (stats.isSocket()) return 'is a socket, not a regular file';
  return 'is not a regular file';
}

const errnoText = (e: unknown) => {
  const code = (e as NodeJS.ErrnoException).code;
  return code === 'ENOENT' ? 'no such file' : (code ?? (e as Error).message);
};

/** The text of a regular file, read no further than `maxBytes`; a FileProblem says why not (which limit, which kind). */
export function readRegularFile(file: string, maxBytes: number): string {
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  } catch (e) {
    throw new FileProblem(`cannot be read (${errnoText(e)})`);
  }
  try {
    const stats = fs.fstatSync(fd);
    const kind = notRegular(stats);
    if (kind) throw new FileProblem(kind);
    if (stats.size > maxBytes) throw tooLarge(maxBytes);
    const chunks: Buffer[] = [];
    let size = 0;
    const buf = Buffer.alloc(64 * 1024);
    // a regular file may still grow while it is read: count what arrives
    for (let n = fs.readSync(fd, buf); n > 0; n = fs.readSync(fd, buf)) {
      size += n;
      if (size > maxBytes) throw tooLarge(maxBytes);
      chunks.push(Buffer.from(buf.subarray(0, n)));
    }
    return Buffer.concat(chunks, size).toString('utf8');
  } catch (e) {
    if (e instanceof FileProblem) throw e;
    throw new FileProblem(`cannot be read (${errnoText(e)})`);
  } finally {
    fs.closeSync(fd);
  }
}

const tooLarge = (maxBytes: number) =>
  new FileProblem(`larger than the limit of ${maxBytes.toLocaleString('en-US')} bytes`);

/** A file about to be written must be absent or regular (checked before any work, so a mistake costs nothing). */
export function writableProblem(file: string): string | undefined {
  let stats: fs.Stats;
  try {
    stats = fs.statSync(file);
  } catch {
    return undefined;
  }
  return notRegular(stats);
}

/** Writes `text` to a regular file (created or truncated); a FIFO or a device there is refused without blocking. */
export function writeRegularFile(file: string, text: string): void {
  let fd: number;
  try {
    // O_NONBLOCK: opening a FIFO with no reader fails (ENXIO) instead of waiting for one
    fd = fs.openSync(file, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_NONBLOCK, 0o666);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENXIO') throw new FileProblem('is a FIFO (named pipe), not a regular file');
    if (code === 'EISDIR') throw new FileProblem('is a folder, not a file');
    throw new FileProblem(`cannot be written (${errnoText(e)})`);
  }
  try {
    const kind = notRegular(fs.fstatSync(fd));
    if (kind) throw new FileProblem(kind);
    fs.ftruncateSync(fd);
    fs.writeFileSync(fd, text);
  } catch (e) {
    if (e instanceof FileProblem) throw e;
    throw new FileProblem(`cannot be written (${errnoText(e)})`);
  } finally {
    fs.closeSync(fd);
  }
}
