import { afterEach, describe, expect, it } from 'vitest';
import { createDataHubClient } from '../../src/datahub/client.js';
import { DataHubError } from '../../src/datahub/errors.js';
import { findModels } from '../../src/datahub/queries/search-models.js';
import { createLogger } from '../../src/log.js';
import { startFakeServer, wallPage, WALL_TITLE, type FakeServer } from '../support/wall.js';

// Issue 20, case 3: an HTML page at status 200 in front of DataHub went into stderr whole, four times (800 KB);
// a DataHub error text that echoed `Bearer <token>` was printed as received.
let server: FakeServer | undefined;
afterEach(() => server?.close());

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.secret-datahub-token';

async function failure(answer: Parameters<typeof startFakeServer>[0]) {
  server = await startFakeServer(answer);
  const lines: string[] = [];
  const logger = createLogger({ level: 'debug', format: 'json', destination: { write: (l: string) => lines.push(l) } });
  const client = createDataHubClient({
    url: server.url,
    token: TOKEN,
    retry: { retries: 3, baseDelayMs: 1, maxDelayMs: 2 },
    logger,
  });
  const err = await findModels(client, '*', 10).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DataHubError);
  return { err: err as DataHubError, log: lines.join('') };
}

describe('a DataHub behind a wall', () => {
  it('says status, content type, title and how the page begins, in a few hundred characters, once', async () => {
    const { err, log } = await failure(() => ({ status: 200, type: 'text/html; charset=utf-8', body: wallPage() }));
    expect(err.message).toContain('HTTP 200 text/html');
    expect(err.message).toContain(`title "${WALL_TITLE}"`);
    expect(err.message).toContain('<!DOCTYPE html>');
    expect(err.message.length).toBeLessThan(800);
    expect(log).not.toContain('please sign in');
    expect(server!.requests).toBe(1); // a login page does not turn into GraphQL on a retry
  });

  it('redacts the token and any Bearer credential from a DataHub error it prints and logs', async () => {
    const echo = (req: { headers: Record<string, unknown> }) => ({
      status: 200,
      type: 'application/json',
      body: JSON.stringify({
        errors: [
          { message: `Unauthorized request from authorization=${String(req.headers.authorization)} token ${TOKEN}` },
        ],
      }),
    });
    const { err, log } = await failure(echo);
    expect(err.message).toContain('Bearer [redacted]');
    expect(err.message).not.toContain(TOKEN);
    expect(log).not.toContain(TOKEN);
    const logger: string[] = [];
    createLogger({ format: 'json', destination: { write: (l: string) => logger.push(l) } }).warn(
      { err: new Error(`echo Bearer ${TOKEN}`), detail: `x ${TOKEN}` },
      `said ${TOKEN}`,
    );
    expect(logger.join('')).not.toContain(TOKEN);
  });

  it('cuts an unreadable answer that is said to be JSON to a few hundred characters', async () => {
    const { err } = await failure(() => ({
      status: 200,
      type: 'application/json',
      body: `{"data": ${'x'.repeat(200_000)}`,
    }));
    expect(err.message.length).toBeLessThan(800);
  });
});
