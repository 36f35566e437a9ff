// The detector list the home page includes (docs/.generated/detectors.md), from the registry
// (src/core/detectors/registry.ts); and docs/catches/index.md when no module before this one wrote that page.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const SCOPE = { model: 'the model and its inputs', entity: 'each upstream entity' };
const FALLBACK = '<!-- written by scripts/docs-gen/90-detector-list.mjs: no other module wrote this page -->';

export default async function detectorList(root) {
  const registry = join(root, 'dist/src/core/detectors/registry.js');
  if (!existsSync(registry)) throw new Error('dist/ is missing: run `npm run build` before `npm run docs:gen`');
  const { DETECTORS } = await import(pathToFileURL(registry).href);
  // a detector's page, when a module before this one wrote it (docs/catches/<name>.md)
  const name = (d) =>
    existsSync(join(root, 'docs/catches', `${d.name}.md`)) ? `[\`${d.name}\`](/catches/${d.name})` : `\`${d.name}\``;
  const rows = DETECTORS.map((d) =>
    [name(d), d.summary, d.severity, String(d.weight), SCOPE[d.scope], d.needs.join(', ')].join(' | '),
  );
  const table = [
    '<div class="janus-detectors">',
    '',
    '| detector | finds | severity | weight | judged on | reads |',
    '|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r} |`),
    '',
    '</div>',
    '',
  ].join('\n');
  mkdirSync(join(root, 'docs/.generated'), { recursive: true });
  writeFileSync(join(root, 'docs/.generated/detectors.md'), table);
  // the sidebar lists docs/catches/ in the registry's order (docs/.vitepress/sidebar.mts)
  writeFileSync(join(root, 'docs/.generated/catches.json'), `${JSON.stringify(DETECTORS.map((d) => d.name))}\n`);

  const index = join(root, 'docs/catches/index.md');
  if (existsSync(index) && !readFileSync(index, 'utf8').startsWith(FALLBACK)) return;
  mkdirSync(join(root, 'docs/catches'), { recursive: true });
  writeFileSync(
    index,
    [
      FALLBACK,
      '',
      '# What Janus catches',
      '',
      '> **Argos:** "Each kind of trouble I look for has a name, a weight and a severity. When I find one, I name the',
      '> entity, the chain and the numbers that prove it."',
      '',
      '<!--@include: ../.generated/detectors.md-->',
      '',
    ].join('\n'),
  );
}
