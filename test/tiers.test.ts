import { spawn } from 'node:child_process';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';

// A unit test (test/tiers.ts) that reaches for a process or Redis fails, naming the fix.
describe('the unit tier', () => {
  it('starts no child process', () => {
    expect(() => spawn(process.execPath, ['-e', '0'])).toThrow(/list this file in INTEGRATION_TESTS/);
  });

  it('connects to no Redis, even a lazy connection on its first command', async () => {
    expect(() => new Redis('redis://127.0.0.1:6379')).toThrow(/unit tests use no Redis/);
    const lazy = new Redis('redis://127.0.0.1:6379', { lazyConnect: true });
    await expect(Promise.resolve().then(() => lazy.ping())).rejects.toThrow(/unit tests use no Redis/);
  });
});
