import { afterEach } from 'vitest';
import { startSim, type RunningSim, type SimOptions } from '../../src/http/server.js';

/** Starts simulators on free ports for a test file and closes them after each test. */
export function useSims(defaults: SimOptions = {}): (opts?: SimOptions) => Promise<RunningSim> {
  let running: RunningSim[] = [];
  afterEach(async () => {
    await Promise.all(running.map((s) => s.close()));
    running = [];
  });
  return async (opts = {}) => {
    const s = await startSim({ port: 0, ...defaults, ...opts });
    running.push(s);
    return s;
  };
}

/** Runs GraphQL against a running simulator over HTTP and returns `data`, failing on any error. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read results loosely
export async function graphqlData<T = Record<string, any>>(
  sim: RunningSim,
  query: string,
  variables?: object,
  token?: string,
): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${sim.url}/api/graphql`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: T; errors?: { message: string }[] };
  if (body.errors?.length) throw new Error(`GraphQL errors: ${body.errors.map((e) => e.message).join('; ')}`);
  return body.data as T;
}

/** The store as a metadata file's text (`/__sim/export`): equal text, equal store. */
export const exportText = async (sim: RunningSim): Promise<string> => (await fetch(`${sim.url}/__sim/export`)).text();
