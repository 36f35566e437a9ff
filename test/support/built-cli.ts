import fs from 'node:fs';
import path from 'node:path';

/** The built CLI (`npm test` and `npm run test:integration` build first). */
export const CLI = path.resolve('dist/src/cli.js');

/** What the built CLI is made of: Janus's sources and the simulator's (`npm run build` builds it first). */
const SOURCES = ['src', 'packages/datahub-sim/src'];

function newestSource(dir: string): { file: string; mtimeMs: number } | undefined {
  let newest: { file: string; mtimeMs: number } | undefined;
  for (const name of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(dir, name);
    const stat = fs.statSync(file);
    if (stat.isFile() && (!newest || stat.mtimeMs > newest.mtimeMs)) newest = { file, mtimeMs: stat.mtimeMs };
  }
  return newest;
}

/** Why the built CLI cannot be trusted to be the code under test, if it cannot. */
export function builtCliProblem(): string | undefined {
  if (!fs.existsSync(CLI)) return `${path.relative('.', CLI)} is missing: run npm run build (npm test builds first)`;
  const builtAt = fs.statSync(CLI).mtimeMs;
  const stale = SOURCES.filter((dir) => fs.existsSync(dir))
    .map(newestSource)
    .find((s) => s !== undefined && s.mtimeMs > builtAt);
  return stale
    ? `${path.relative('.', CLI)} is older than ${stale.file}: run npm run build (npm test builds first)`
    : undefined;
}

/** For a `beforeAll` of tests that run the built CLI: fails them, saying what to do, instead of skipping them. */
export function requireBuiltCli(): void {
  const problem = builtCliProblem();
  if (problem) throw new Error(problem);
}
