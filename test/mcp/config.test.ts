import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.js';
import { ConfigError } from '../../src/errors.js';

const mcp = (env: Record<string, string>) => loadConfig({ env, cwd: os.tmpdir() }).mcp;

describe('the MCP settings', () => {
  it('are read-only, without HTTP, at /mcp by default', () => {
    const defaults = { allowWrites: false, http: false, httpPath: '/mcp', allowedHosts: [], allowedOrigins: [] };
    expect(mcp({})).toEqual(defaults);
    expect(mcp({ JANUS_MCP_ALLOW_WRITES: '', JANUS_MCP_HTTP: '' })).toEqual(defaults);
  });

  it('take the usual spellings of true and false', () => {
    expect(mcp({ JANUS_MCP_ALLOW_WRITES: 'TRUE', JANUS_MCP_HTTP: '1', JANUS_MCP_HTTP_PATH: '/agents/mcp' })).toEqual({
      allowWrites: true,
      http: true,
      httpPath: '/agents/mcp',
      allowedHosts: [],
      allowedOrigins: [],
    });
    expect(mcp({ JANUS_MCP_ALLOW_WRITES: 'no', JANUS_MCP_HTTP: 'off' })).toMatchObject({
      allowWrites: false,
      http: false,
    });
  });

  it('take the HTTP credential and the hosts and origins allowed as lists; a short token is refused', () => {
    expect(
      mcp({
        JANUS_MCP_HTTP_TOKEN: '0123456789abcdef',
        JANUS_MCP_ALLOWED_HOSTS: 'janus.internal, 10.0.0.5',
        JANUS_MCP_ALLOWED_ORIGINS: 'https://agent.example.com',
      }),
    ).toMatchObject({
      httpToken: '0123456789abcdef',
      allowedHosts: ['janus.internal', '10.0.0.5'],
      allowedOrigins: ['https://agent.example.com'],
    });
    expect(() => mcp({ JANUS_MCP_HTTP_TOKEN: 'short' })).toThrow(/JANUS_MCP_HTTP_TOKEN.*16 characters/);
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
