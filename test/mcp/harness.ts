import { startSim, type RunningSim } from '@janus/datahub-sim';
import { afterAll, beforeAll } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { judgePolicy } from '../../src/config/index.js';
import { judgeSchema } from '../../src/config/judge.js';
import { createDataHubClient } from '../../src/datahub/client.js';
import { MemoryVerdictHistory } from '../../src/history/index.js';
import { liveMcpDeps, type JanusMcpDeps } from '../../src/mcp/deps.js';
import { createJanusMcpServer } from '../../src/mcp/server.js';

/** Deps wired to the real use cases against a DataHub at `url` (the simulator), with overrides for the unfinished ones. */
export function depsFor(url: string, overrides: Partial<JanusMcpDeps> = {}): JanusMcpDeps {
  const client = createDataHubClient({ url, retry: { retries: 0 }, timeoutMs: 5_000 });
  const live = liveMcpDeps({
    client,
    policy: judgePolicy(judgeSchema.parse({})),
    history: new MemoryVerdictHistory(),
    allowWrites: false,
    version: 'test',
  });
  return { ...live, ...overrides };
}

/** An SDK client talking to a fresh Janus MCP server over the in-memory transport pair. */
export async function connect(deps: JanusMcpDeps): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createJanusMcpServer(deps).connect(serverSide);
  const client = new Client({ name: 'janus-test', version: '1.0.0' });
  await client.connect(clientSide);
  return client;
}

/** Calls a tool and returns the result typed as a tool result. */
export async function call(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

export const textOf = (r: CallToolResult): string => r.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');

export const TOOL_NAMES = [
  'blast_radius',
  'explain_finding',
  'list_at_risk_models',
  'model_incidents',
  'scan_model',
  'score_history',
  'trust_model',
];

/** A demo simulator for a test file, and MCP clients linked to it in memory; all closed after the file. */
export function demoFixture() {
  const state: { sim?: RunningSim; clients: Client[] } = { clients: [] };
  beforeAll(async () => {
    state.sim = await startSim({ demo: true, port: 0 });
  });
  afterAll(async () => {
    for (const c of state.clients) await c.close();
    await state.sim?.close();
  });
  return {
    get sim(): RunningSim {
      return state.sim!;
    },
    async client(...args: Parameters<typeof depsFor>): Promise<Client> {
      const c = await connect(depsFor(...args));
      state.clients.push(c);
      return c;
    },
  };
}
