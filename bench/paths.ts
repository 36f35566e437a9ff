import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: the nearest folder above this file with a package.json (works from bench/ and dist/bench/). */
function findRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error('bench: no package.json above this file');
    dir = up;
  }
  return dir;
}

export const ROOT = findRoot();
/** Generated catalogs and scratch files (gitignored). */
export const OUT = path.join(ROOT, 'bench', 'out');
/** The built CLI the simulator runs from. */
export const CLI = path.join(ROOT, 'dist', 'src', 'cli.js');
