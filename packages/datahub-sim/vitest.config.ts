import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

// The simulator's tests on their own (`npm test` in this folder); the repository's `npm test` runs them too.
export default defineConfig({
  // Node runs graphql's CommonJS build (its package has no "exports"), and graphql-jit requires that build too;
  // vite would pick the ES module build, giving two copies of graphql. Tests run what production runs.
  resolve: { alias: [{ find: /^graphql$/, replacement: createRequire(import.meta.url).resolve('graphql') }] },
  test: { include: ['test/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 30_000, pool: 'forks' },
});
