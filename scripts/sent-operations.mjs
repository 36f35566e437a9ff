// Writes every GraphQL document the built Janus sends to a DataHub of one API generation (v1.0, v1.3) into a folder,
// one file an operation, so check-datahub-ops can validate them against that release's schema (.ci/run).
//   node scripts/sent-operations.mjs v1.0 /tmp/ops-v1.0     (after npm run build)
import fs from 'node:fs';
import path from 'node:path';
import { sentDocuments } from '../dist/src/datahub/version/sent-documents.js';

const [api, out] = process.argv.slice(2);
if (!api || !out) {
  console.error('usage: node scripts/sent-operations.mjs <v1.0|v1.3> <folder>');
  process.exit(2);
}
fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });
const docs = sentDocuments(api);
for (const [name, document] of docs) fs.writeFileSync(path.join(out, `${name}.graphql`), `${document}\n`);
console.log(`${docs.size} operations Janus sends to DataHub ${api} written to ${out}`);
