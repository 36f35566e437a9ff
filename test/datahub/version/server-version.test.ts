import { afterEach, describe, expect, it } from 'vitest';
import { apiOfRelease, releaseOf } from '../../../src/datahub/version/api-generation.js';
import { readServerVersion } from '../../../src/datahub/version/server-version.js';
import { startFakeServer, type FakeServer } from '../../support/wall.js';

describe('the API generation of a release', () => {
  it.each([
    ['v1.0.0', 'v1.0'],
    ['1.2.9', 'v1.0'],
    ['v1.3.0rc2', 'v1.3'],
    ['v1.3.0', 'v1.3'],
    ['v2.0.1', 'v1.3'],
    ['v0.15.0.1', undefined],
    ['v0.14.1', undefined],
  ])('%s speaks %s', (version, api) => {
    expect(apiOfRelease(releaseOf(version)!)).toBe(api);
  });
});

let server: FakeServer | undefined;
afterEach(() => server?.close());
const retry = { retries: 0, baseDelayMs: 1, maxDelayMs: 1 };
const configOf = async (body: unknown) => {
  server = await startFakeServer(() => ({ status: 200, type: 'application/json', body: JSON.stringify(body) }));
  return readServerVersion({ url: server.url, timeoutMs: 2_000, retry });
};

describe('GET /config as GMS answers it', () => {
  it('DataHub Cloud (serverEnv other than core) numbers its releases apart: the current API', async () => {
    const body = { versions: { 'acryldata/datahub': { version: 'v0.3.12.4' } }, datahub: { serverEnv: 'cloud' } };
    expect(await configOf(body)).toEqual({ reported: 'v0.3.12.4', cloud: true, api: 'v1.3' });
  });

  it('an old GMS names itself linkedin/datahub: read, and refused as older than v1.0.0', async () => {
    await expect(configOf({ versions: { 'linkedin/datahub': { version: 'v0.8.45' } } })).rejects.toMatchObject({
      code: 'datahub.unsupported',
      message: 'DataHub v0.8.45 is older than Janus supports: DataHub v1.0.0 or later is needed',
    });
  });

  it('a body that is not /config is an unreadable answer, not a guess', async () => {
    await expect(configOf({ versions: 'v1.0.0' })).rejects.toMatchObject({ code: 'datahub.malformed' });
  });
});
