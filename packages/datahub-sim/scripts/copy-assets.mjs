// Copies what the built simulator reads at run time besides its JavaScript (DataHub's GraphQL schema) into dist/.
import fs from 'node:fs';

fs.cpSync('src/schema', 'dist/schema', { recursive: true });
fs.chmodSync('dist/cli.js', 0o755); // the bin, run as a command
