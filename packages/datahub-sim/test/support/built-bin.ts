import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The built `datahub-sim` bin (`npm run build` builds it, and `npm test` builds first). */
export const BIN = fileURLToPath(new URL('../../dist/cli/bin.js', import.meta.url));
const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

/** For a `beforeAll` of tests that run the built bin: fails them, saying what to do, instead of skipping them. */
export function requireBuiltBin(): void {
  if (!fs.existsSync(BIN)) throw new Error(`${BIN} is missing: run npm run build`);
  const builtAt = fs.statSync(BIN).mtimeMs;
  const newer = fs
    .readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .find((name) => fs.statSync(SRC + name).mtimeMs > builtAt);
  if (newer) throw new Error(`${BIN} is older than src/${newer}: run npm run build`);
}
