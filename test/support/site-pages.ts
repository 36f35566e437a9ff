import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '../..');

/**
 * The documentation site's Markdown pages under `dir`, from the repository's root: generated ones when present, not
 * its build, cache, fragments (dot-folders) or public files.
 */
export function sitePages(dir = 'docs'): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
    e.name.startsWith('.') || e.name === 'public'
      ? []
      : e.isDirectory()
        ? sitePages(`${dir}/${e.name}`)
        : e.name.endsWith('.md')
          ? [`${dir}/${e.name}`]
          : [],
  );
}
