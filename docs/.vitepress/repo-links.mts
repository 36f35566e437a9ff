import { existsSync } from 'node:fs';
import { posix, join } from 'node:path';
import type { MarkdownRenderer } from 'vitepress';

/**
 * A page's link to a file outside docs/ (`../src/core/argos.ts`, `../bench/results.md`) becomes a link to that file
 * in the repository (`repoUrl` + its path). A link to a file that does not exist is handed to VitePress's dead-link
 * check, so the build fails on it as it does on a broken link between pages.
 */
export function repoLinks(md: MarkdownRenderer, opts: { root: string; srcDir: string; repoUrl: string }): void {
  const docsDir = posix.normalize(opts.srcDir);
  md.core.ruler.push('janus_repo_links', (state) => {
    const page = typeof state.env?.relativePath === 'string' ? state.env.relativePath : undefined;
    if (page === undefined) return;
    for (const block of state.tokens) {
      for (const token of block.children ?? []) {
        if (token.type !== 'link_open') continue;
        const href = token.attrGet('href');
        if (!href || /^([a-z][a-z0-9+.-]*:|\/|#)/i.test(href)) continue;
        const [path = '', hash = ''] = href.split(/(?=#)/);
        const target = posix.normalize(posix.join(docsDir, posix.dirname(page), path));
        if (target === docsDir || target.startsWith(`${docsDir}/`)) continue;
        if (target.startsWith('../')) continue; // outside the repository: not ours to judge
        if (!existsSync(join(opts.root, target))) {
          // VitePress reports it as a dead link (it checks page-like links: no extension, or .md/.html)
          (state.env.links ??= []).push(path.replace(/\.[a-z0-9]+$/i, ''));
          continue;
        }
        token.attrSet('href', `${opts.repoUrl}${target}${hash}`);
      }
    }
  });
}
