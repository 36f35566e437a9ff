import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sitePages } from './support/site-pages.js';

/** Every repository path a doc names (`src/…`, `test/…`, a link) is a file or folder that exists. */
const ROOT = join(import.meta.dirname, '..');
const ROOTS = /^(src|test|docs|bench|packages|scripts|deploy)\//;
const PLACEHOLDERS = new Set(['test/path/to/file.test.ts']);
/**
 * What `npm run docs:gen` writes (scripts/docs-gen/README.md; git-ignored, so absent from a fresh checkout): a link
 * to one is checked by the site's build (`npm run docs:build` fails on a dead link), not here.
 */
const GENERATED =
  /^docs\/(numbers\.md|how-it-works\.md|catches\/|public\/generated\/|public\/casts\/|\.generated\/|\.vitepress\/dist\/)/;
const generated = (path: string, from: string) =>
  [path, posix.join(from, path), posix.join('docs/public', path)].some((p) => GENERATED.test(p));

function docs(): string[] {
  const readmes = (dir: string): string[] =>
    readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? readmes(`${dir}/${e.name}`) : e.name === 'README.md' ? [`${dir}/${e.name}`] : [],
    );
  return [
    'README.md',
    'CONTRIBUTING.md',
    ...sitePages(),
    ...readmes('src'),
    'scripts/docs-gen/README.md',
    'packages/datahub-sim/README.md',
  ];
}

/** The paths in backticks or link targets of one doc, each with its line. */
function pathsIn(doc: string): { line: number; path: string; from: string }[] {
  const out: { line: number; path: string; from: string }[] = [];
  readFileSync(join(ROOT, doc), 'utf8')
    .split('\n')
    .forEach((text, i) => {
      for (const m of text.matchAll(/`([^`\s]+)`|\]\(([^)\s#]+)/g)) {
        const raw = m[1] ?? m[2]!;
        if (/^(https?|mailto):/.test(raw)) continue;
        const path = raw.replace(/[#:].*$/, '').replace(/[.,;]$/, '');
        if (m[2] || (ROOTS.test(path) && !/[*{<]/.test(path))) out.push({ line: i + 1, path, from: dirname(doc) });
      }
    });
  return out;
}

describe('the docs', () => {
  it('name only paths that exist', () => {
    const missing = docs().flatMap((doc) =>
      pathsIn(doc)
        // a path from the repository's root, or (a package's README) from the doc's folder; a link from the site's
        // root (`/generated/x.svg`) is a file of docs/public/, as VitePress serves it
        .filter(
          ({ path, from }) =>
            !PLACEHOLDERS.has(path) &&
            !generated(path, from) &&
            ![ROOT, join(ROOT, from), ...(path.startsWith('/') ? [join(ROOT, 'docs/public')] : [])].some((d) =>
              existsSync(join(d, path)),
            ),
        )
        .map(({ line, path }) => `${doc}:${line}: ${path}`),
    );
    expect(missing).toEqual([]);
  });
});
