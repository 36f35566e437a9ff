import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The `datahub-sim` command as npm links it; it runs the built code (`npm run build`; `npm test` builds first). */
export const BIN = fileURLToPath(new URL('../../bin/datahub-sim.js', import.meta.url));
const BUILT = fileURLToPath(new URL('../../dist/cli/bin.js', import.meta.url));
const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

/** For a `beforeAll` of tests that run the built bin: fails them, saying what to do, instead of skipping them. */
export function requireBuiltBin(): void {
  if (!fs.existsSync(BUILT)) throw new Error(`${BUILT} is missing: run npm run build`);
  const builtAt = fs.statSync(BUILT).mtimeMs;
  const newer = fs
    .readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .find((name) => fs.statSync(SRC + name).mtimeMs > builtAt);
  if (newer) throw new Error(`${BUILT} is older than src/${newer}: run npm run build`);
}
