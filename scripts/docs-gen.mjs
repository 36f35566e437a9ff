// `npm run docs:gen`: runs every module in scripts/docs-gen/*.mjs in name order (scripts/docs-gen/README.md), after
// `npm run build` (modules read the built code in dist/). A module that throws fails the run, and so the site's build.
import { readdirSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');
const dir = join(root, 'scripts', 'docs-gen');
const modules = readdirSync(dir)
  .filter((f) => f.endsWith('.mjs'))
  .sort();
for (const file of modules) {
  const started = performance.now();
  const mod = await import(pathToFileURL(join(dir, file)).href);
  if (typeof mod.default !== 'function')
    throw new Error(`scripts/docs-gen/${file}: export default async function (root)`);
  await mod.default(root);
  console.log(`docs:gen ${file} ${Math.round(performance.now() - started)} ms`);
}
