import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.js';
import { ConfigError } from '../../src/errors.js';

const mcp = (env: Record<string, string>) => loadConfig({ env, cwd: os.tmpdir() }).mcp;

describe('the MCP settings', () => {
  it('are read-only, without HTTP, at /mcp by default', () => {
    expect(mcp({})).toEqual({ allowWrites: false, http: false, httpPath: '/mcp' });
    expect(mcp({ JANUS_MCP_ALLOW_WRITES: '', JANUS_MCP_HTTP: '' })).toEqual({
      allowWrites: false,
      http: false,
      httpPath: '/mcp',
    });
  });

  it('take the usual spellings of true and false', () => {
    expect(mcp({ JANUS_MCP_ALLOW_WRITES: 'TRUE', JANUS_MCP_HTTP: '1', JANUS_MCP_HTTP_PATH: '/agents/mcp' })).toEqual({
      allowWrites: true,
      http: true,
      httpPath: '/agents/mcp',
    });
    expect(mcp({ JANUS_MCP_ALLOW_WRITES: 'no', JANUS_MCP_HTTP: 'off' })).toMatchObject({
      allowWrites: false,
      http: false,
    });
  });

  it('report every bad value at once, naming the variable', () => {
    let err: unknown;
    try {
      mcp({ JANUS_MCP_ALLOW_WRITES: 'sure', JANUS_MCP_HTTP_PATH: 'mcp' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const problems = (err as ConfigError).problems;
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^mcp\.allowWrites \(env JANUS_MCP_ALLOW_WRITES\): .*true or false/);
    expect(problems[1]).toMatch(
      /^mcp\.httpPath \(env JANUS_MCP_HTTP_PATH\): expected a path starting with \/, got "mcp"/,
    );
  });
});
