import { createRequire } from 'node:module';
import { defaultServerConditions } from 'vite';
import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { INTEGRATION_TESTS, MOCKING_TESTS } from './test/tiers.js';

export default defineConfig({
  // Node runs graphql's CommonJS build (its package has no "exports"), and graphql-jit requires that build too;
  // vite would pick the ES module build, giving two copies of graphql. Tests run what production runs.
  resolve: { alias: [{ find: /^graphql$/, replacement: createRequire(import.meta.url).resolve('graphql') }] },
  // @janus/datahub-sim from its TypeScript sources (its exports' "janus-source" condition): no build needed
  ssr: { resolve: { conditions: ['janus-source', ...defaultServerConditions] } },
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // vitest's default is one worker fewer than the cores: one worker on a 2-core machine
    maxWorkers: availableParallelism(),
    // A worker imports the code once for all its files, not once a file: about half the unit tier's CPU. Tests leave
    // no module state behind (no vi.mock; nothing relies on a module-level registry); a worker never runs files of
    // both tiers (vitest shares one only within a project), so the unit guard never reaches an integration test.
    isolate: false,
    // the tiers: test/tiers.ts says what goes where
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...INTEGRATION_TESTS, ...MOCKING_TESTS],
          setupFiles: ['test/support/unit-guard.ts'],
        },
      },
      {
        extends: true,
        // the unit tests that swap a module (vi.mock) need their own module graph: isolated, still the unit tier
        test: {
          name: 'unit-isolated',
          include: MOCKING_TESTS,
          setupFiles: ['test/support/unit-guard.ts'],
          isolate: true,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: INTEGRATION_TESTS,
          // a guard against a hang, not a target: a process test on a loaded 2-core machine takes minutes
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
