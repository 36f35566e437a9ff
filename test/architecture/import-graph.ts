import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** One import as written: the file that imports, the specifier, and the repository file it resolves to, if any. */
export interface ImportEdge {
  /** Repository-relative, forward slashes: `src/sim/command.ts`. */
  from: string;
  specifier: string;
  /** Repository-relative file for a relative specifier; undefined for a package or node built-in. */
  to?: string;
}

const SOURCE = /\.(ts|mts|cts)$/;

function sourceFilesUnder(root: string, dir: string): string[] {
  const absolute = join(root, dir);
  if (!existsSync(absolute)) return [];
  return readdirSync(absolute).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return sourceFilesUnder(root, path);
    return SOURCE.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/**
 * Every specifier in `import … from`, `export … from`, `import('…')` (call or type) and `import x = require('…')`.
 * TypeScript's import scanner reads the tokens only, without building a syntax tree: a fifth of the time, the same
 * specifiers (comments and strings are tokens, not imports).
 */
function specifiersIn(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
}

/** NodeNext style: `./x.js` names `./x.ts`; a folder names its `index.ts`. */
function resolveRelative(root: string, from: string, specifier: string): string {
  const target = resolve(root, dirname(from), specifier);
  const candidates = [
    target
      .replace(/\.js$/, '.ts')
      .replace(/\.mjs$/, '.mts')
      .replace(/\.cjs$/, '.cts'),
    `${target}.ts`,
    join(target, 'index.ts'),
    target,
  ];
  const hit = candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? candidates[0]!;
  return relative(root, hit).split('\\').join('/');
}

/** The imports of every TypeScript file under `dirs` (relative to `root`). */
export function importGraph(root: string, dirs: readonly string[]): ImportEdge[] {
  return dirs
    .flatMap((dir) => sourceFilesUnder(root, dir))
    .flatMap((file) => {
      const from = file.split('\\').join('/');
      return specifiersIn(readFileSync(join(root, file), 'utf8')).map((specifier) =>
        specifier.startsWith('.')
          ? { from, specifier, to: resolveRelative(root, from, specifier) }
          : { from, specifier },
      );
    });
}
