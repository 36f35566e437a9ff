/**
 * The two test tiers (vitest.config.ts, CONTRIBUTING.md).
 *
 * unit: runs in the test process and needs nothing outside it: no Redis, no child process, no built CLI (dist/).
 * In-process servers on 127.0.0.1 (the DataHub simulator, Janus's HTTP server, a fake Slack) are allowed.
 * test/support/unit-guard.ts makes a child process or a Redis connection throw in this tier.
 *
 * integration: everything else: a real Redis (REDIS_URL / JANUS_TEST_REDIS_URL), the built CLI run as a process
 * (runJanus, startJanus, spawn), or both. A new file that needs any of these goes on this list.
 */
export const INTEGRATION_TESTS = [
  'packages/datahub-sim/test/command-spawn.test.ts', // the built datahub-sim bin as a process
  'packages/datahub-sim/test/load-fifo.test.ts', // mkfifo as a child process
  'test/app/write-back-processes.test.ts', // the built CLI, killed at a write; Redis
  'test/app/write-back-race.test.ts', // ten built CLIs racing without Redis
  'test/chaos/**/*.test.ts', // concurrent scans with and without Redis, kill -9, DataHub faults
  'test/fuzz/**/*.test.ts', // generated inputs, bounded in count and time; a few through the built CLI
  'test/bench/cli-process.test.ts', // the built CLI under a budget
  'test/docs/docs-gen.test.ts', // the site's generators: the built CLI against the demo simulator, as processes
  'test/docs/terminal-pictures-runs.test.ts', // the built CLI under util-linux script (a pseudo-terminal)
  'test/docs/site-browser.test.ts', // the documentation site's build (child processes) in headless Chromium
  'test/cli/**/*.test.ts', // the built CLI (progress.test.ts: under a pseudo-terminal, util-linux script); history and verdict-history use Redis; doctor a Redis of its own
  'test/history/redis.test.ts', // Redis
  'test/redis/**/*.test.ts', // the Redis layer: the one lock, the alert stores; Redis
  'test/jobs/*.test.ts', // janus serve as a service: Redis, child processes (test/jobs/processors/: unit, fake jobs)
  'test/mcp/stdio-spawn.test.ts', // janus mcp as a child process
  'test/server/browser.test.ts', // headless Chromium, a child process (skipped where Chromium is absent)
  'test/server/serve-command.test.ts', // janus serve as a process
  'test/slack/janus-command.test.ts', // Redis
  'test/slack/janus-commands.test.ts', // Redis: the history, watches, the cycle queue
  'test/slack/upstream-people.test.ts', // Redis: the history (dataset unfurls, App Home, trust, search)
  'test/slack/replays-redis.test.ts', // Redis
  'test/slack/alerts*.test.ts', // janus serve with Slack alerts: Redis, child processes
  'test/slack/incident-service.test.ts', // Redis: the buttons' locks and messages, the service's cycles
  'test/slack/orphans.test.ts', // janus serve: orphan pings and the Claim button; Redis, child processes
  'test/slack/orphans-digest.test.ts', // janus serve: an orphan digest, departed owners on claim; child processes
  'test/slack/click-origins.test.ts', // Redis: App Home's incidents (the alerts' states), the message store
  'test/slack/socket-mode-points.test.ts', // Redis: App Home's incidents, snoozes (issue 37's points over Socket Mode)
  'test/slack/app-home.test.ts', // janus serve: App Home from the history in Redis; child processes
];

/**
 * Unit tests that replace a module with `vi.mock`: the unit tier shares one module graph per worker
 * (`isolate: false`), so these run in a project of their own, isolated. Still unit tests: nothing outside the process.
 */
export const MOCKING_TESTS = [
  'test/core/detectors/registration.test.ts',
  'test/datahub/writeback/unsent-kind.test.ts', // WRITE_ORDER without a kind
];
