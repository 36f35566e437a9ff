import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DefaultTheme } from 'vitepress';

/** A page's sidebar entry: its frontmatter `title`, else its first `# ` heading, else its file name. */
function entry(docs: string, page: string): DefaultTheme.SidebarItem & { order: number } {
  const text = readFileSync(join(docs, page), 'utf8');
  const front = /^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? '';
  const field = (key: string) =>
    new RegExp(`^${key}:\\s*(.+)$`, 'm')
      .exec(front)?.[1]
      ?.trim()
      .replace(/^['"]|['"]$/g, '');
  const title = field('title') ?? /^# (.+)$/m.exec(text)?.[1]?.replace(/`/g, '') ?? page.replace(/\.md$/, '');
  return { text: title, link: `/${page.replace(/(index)?\.md$/, '')}`, order: Number(field('order') ?? Infinity) };
}

/**
 * The pages of a folder as they are at build time (generated ones included): in the order `docs/.generated/<dir>.json`
 * lists their names (the detectors': the registry's, from scripts/docs-gen/90-detector-list.mjs), then by frontmatter
 * `order`, then by file name.
 */
function folder(docs: string, dir: string): DefaultTheme.SidebarItem[] {
  if (!existsSync(join(docs, dir))) return [];
  const listed = join(docs, '.generated', `${dir}.json`);
  const names: string[] = existsSync(listed) ? JSON.parse(readFileSync(listed, 'utf8')) : [];
  const rank = (f: string) =>
    names.includes(f.replace(/\.md$/, '')) ? names.indexOf(f.replace(/\.md$/, '')) : Infinity;
  return readdirSync(join(docs, dir))
    .filter((f) => f.endsWith('.md') && f !== 'index.md')
    .sort()
    .map((f) => ({ rank: rank(f), ...entry(docs, `${dir}/${f}`) }))
    .sort((a, b) => (a.rank === b.rank ? a.order - b.order : a.rank - b.rank))
    .map(({ text, link }) => ({ text, link }));
}

/** Pages that exist (a generated page is absent until `npm run docs:gen` has run). */
const pages = (docs: string, list: [string, string][]): DefaultTheme.SidebarItem[] =>
  list
    .filter(([file]) => existsSync(join(docs, file)))
    .map(([file, text]) => ({ text, link: `/${file.replace(/\.md$/, '')}` }));

/** The guides to using Janus: in the sidebar and in the top bar's menu. */
const GUIDES: [string, string][] = [
  ['slack.md', 'Slack'],
  ['accepted-risk.md', 'Accepted risk'],
  ['gate.md', 'Gate'],
  ['mcp.md', 'MCP'],
  ['datahub.md', 'Against a real DataHub'],
  ['deploy.md', 'Deploy'],
];

export function sidebar(docs: string): DefaultTheme.SidebarItem[] {
  return [
    { text: 'Home', link: '/' },
    { text: 'What Janus catches', link: '/catches/', collapsed: false, items: folder(docs, 'catches') },
    {
      text: 'How it works',
      collapsed: false,
      items: [
        ...pages(docs, [
          ['how-it-works.md', 'Read, judge, plan, apply, notify'],
          ['architecture.md', 'Architecture and the service'],
          ['write-back.md', 'Write-back'],
          ['conventions.md', 'Conventions read from DataHub'],
          ['reliability.md', 'Reliability'],
          ['report.md', 'The Model Impact Report'],
          ['json-output.md', 'JSON output'],
          ['argos.md', 'Argos, the narrator'],
          ['demo-catalog.md', 'The demo catalog'],
        ]),
      ],
    },
    {
      text: 'Numbers',
      collapsed: false,
      items: pages(docs, [
        ['numbers.md', 'Benchmarks'],
        ['performance.md', 'Performance design'],
      ]),
    },
    {
      text: 'Using Janus',
      collapsed: false,
      items: pages(docs, GUIDES),
    },
  ];
}

export function nav(docs: string): DefaultTheme.NavItem[] {
  return [
    { text: 'What Janus catches', link: '/catches/' },
    { text: 'How it works', link: existsSync(join(docs, 'how-it-works.md')) ? '/how-it-works' : '/architecture' },
    { text: 'Numbers', link: existsSync(join(docs, 'numbers.md')) ? '/numbers' : '/performance' },
    {
      text: 'Guides',
      items: pages(docs, GUIDES) as DefaultTheme.NavItemWithLink[],
    },
  ];
}
