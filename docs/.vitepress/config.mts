import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitepress';
import { repoLinks } from './repo-links.mjs';
import { nav, sidebar } from './sidebar.mjs';

// The site's source is docs/ itself: the Markdown pages GitHub shows are the site's pages (no copies).
const DOCS = fileURLToPath(new URL('..', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Where a link out of docs/ (a source file, bench/, the README) points: the repository, at this base. */
const REPO_URL = process.env.JANUS_DOCS_REPO_URL ?? 'https://github.com/janus-ml/janus/blob/main/';

export default defineConfig({
  title: 'Janus',
  description: 'CI for the ML supply chain, built on DataHub: what Janus catches, how it works, with real numbers.',
  base: process.env.JANUS_DOCS_BASE ?? '/',
  cleanUrls: true,
  lastUpdated: false,
  // fragments that pages include (<!--@include: ./.generated/…-->), never pages of their own
  srcExclude: ['.generated/**'],
  head: [['link', { rel: 'icon', type: 'image/svg+xml', href: `${process.env.JANUS_DOCS_BASE ?? '/'}argos.svg` }]],
  markdown: {
    config: (md) => repoLinks(md, { root: ROOT, srcDir: 'docs', repoUrl: REPO_URL }),
  },
  themeConfig: {
    logo: '/argos.svg',
    nav: nav(DOCS),
    sidebar: sidebar(DOCS),
    outline: 'deep',
    search: { provider: 'local' },
    socialLinks: [{ icon: 'github', link: REPO_URL.replace(/\/blob\/.*$/, '') }],
    footer: { message: 'Apache-2.0. Narrated by Argos, who says only what the evidence shows.' },
  },
});
