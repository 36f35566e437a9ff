// Copies the non-TypeScript files the built code reads at run time (GraphQL SDL and operations) into dist/.
import fs from 'node:fs';
import path from 'node:path';

const roots = ['src'];
const copy = (dir) => {
  if (!fs.existsSync(dir)) return;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) copy(p);
    else if (/\.(graphql|json|svg|css)$/.test(e.name)) {
      fs.mkdirSync(path.join('dist', dir), { recursive: true });
      fs.copyFileSync(p, path.join('dist', p));
    }
  }
};
roots.forEach(copy);
