// The terminal recordings (docs/casts/*.cast, made by `npm run docs:pictures`) served from the site's root as
// /casts/<name>.cast, where the player on a page (docs/.vitepress/theme/TerminalCast.vue) fetches them. Copied into
// docs/public/casts/ (git-ignored), so the committed recordings stay the only ones in git.
import fs from 'node:fs';
import path from 'node:path';

export default async function casts(root) {
  const from = path.join(root, 'docs/casts');
  const to = path.join(root, 'docs/public/casts');
  fs.rmSync(to, { recursive: true, force: true });
  fs.mkdirSync(to, { recursive: true });
  const names = fs.readdirSync(from).filter((f) => f.endsWith('.cast'));
  if (names.length === 0) throw new Error(`${from} holds no .cast: run npm run docs:pictures`);
  for (const name of names) fs.copyFileSync(path.join(from, name), path.join(to, name));
}
