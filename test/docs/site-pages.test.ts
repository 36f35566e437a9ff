import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createMarkdownRenderer, disposeMdItInstance } from 'vitepress';
import { describe, expect, it } from 'vitest';
import { repoLinks } from '../../docs/.vitepress/repo-links.mjs';
import { sitePages } from '../support/site-pages.js';

const ROOT = join(import.meta.dirname, '../..');
const REPO = 'https://example.test/janus/blob/main/';

async function render(page: string, markdown: string): Promise<{ html: string; links: string[] }> {
  disposeMdItInstance(); // VitePress keeps one renderer: a fresh one, with the plugin once
  const md = await createMarkdownRenderer(join(ROOT, 'docs'));
  repoLinks(md, { root: ROOT, srcDir: 'docs', repoUrl: REPO });
  const env: { relativePath: string; links?: string[] } = { relativePath: page };
  return { html: md.render(markdown, env), links: env.links ?? [] };
}

describe("the documentation site's pages", () => {
  it('each opens in Argos\'s voice: a "> **Argos:**" line right under its title (the home page, in its hero)', () => {
    // a page may start with frontmatter or a comment (a generated page says which script made it)
    const opening = (text: string) => text.replace(/^---\n[\s\S]*?\n---\n+/, '').replace(/^(<!--.*-->\n+)+/, '');
    const silent = sitePages()
      .filter((p) => p !== 'docs/index.md')
      .filter((p) => !/^# .+\n\n> \*\*Argos:\*\* \S/.test(opening(readFileSync(join(ROOT, p), 'utf8'))));
    expect(silent).toEqual([]);
    expect(readFileSync(join(ROOT, 'docs/index.md'), 'utf8')).toMatch(/^ {2}tagline: >-\n {4}Argos: "/m);
  });

  it('a link out of docs/ goes to the file in the repository, anchor kept; a link between pages stays', async () => {
    const { html, links } = await render(
      'gate.md',
      '[a](../src/core/argos.ts) [b](../bench/results.md#service) [c](write-back.md) [d](../deploy/)',
    );
    expect(html).toContain(`href="${REPO}src/core/argos.ts"`);
    expect(html).toContain(`href="${REPO}bench/results.md#service"`);
    expect(html).toContain(`href="${REPO}deploy/"`);
    expect(html).toContain('href="./write-back.html"');
    expect(links).toEqual(['./write-back']);
  });

  it("a link out of docs/ to a file that does not exist goes to VitePress's dead-link check (the build fails)", async () => {
    const { links } = await render('catches/index.md', '[gone](../../src/core/gone.ts) [also](../../README.md)');
    expect(links).toEqual(['../../src/core/gone']);
  });
});
