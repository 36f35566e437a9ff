import childProcess from 'node:child_process';
import { createRequire, syncBuiltinESMExports } from 'node:module';

// Setup file of the unit tier (test/tiers.ts): a unit test that starts a process or connects to Redis fails at once,
// saying where it belongs, instead of passing only where Redis happens to run.
const wrongTier = (what: string) => () => {
  throw new Error(`unit tests use no ${what}: list this file in INTEGRATION_TESTS (test/tiers.ts)`);
};

for (const name of ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'] as const) {
  (childProcess as unknown as Record<string, unknown>)[name] = wrongTier('child process');
}
syncBuiltinESMExports();

const { Redis } = createRequire(import.meta.url)('ioredis') as typeof import('ioredis');
Redis.prototype.connect = wrongTier('Redis');
