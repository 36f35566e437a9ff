// Copies what the built simulator reads at run time besides its JavaScript (DataHub's GraphQL schema) into dist/.
import fs from 'node:fs';

fs.mkdirSync('dist/schema', { recursive: true });
for (const file of fs.readdirSync('src/schema').filter((f) => f.endsWith('.graphql')))
  fs.copyFileSync(`src/schema/${file}`, `dist/schema/${file}`);
