import { afterAll, beforeAll } from 'vitest';
import { startSim, type RunningSim, type SimOptions } from '@janus/datahub-sim';

/** What accepting a risk needs of its user: to write an entity's structured properties. */
const WRITES = ['EDIT_ENTITY', 'MANAGE_STRUCTURED_PROPERTIES'];

/**
 * The demo simulator for a file's tests (started before, closed after) in which each token of `writers` is its DataHub
 * user's, allowed to write acceptances: `{ 'tok-dev': 'dev.patel' }`. `more`: the simulator's other options.
 */
export function useDemoSimWithWriters(
  writers: Record<string, string>,
  more: Partial<SimOptions> = {},
): { sim: RunningSim } {
  const bed = {} as { sim: RunningSim };
  beforeAll(async () => {
    const tokens = Object.fromEntries(
      Object.entries(writers).map(([token, user]) => [token, { actor: `urn:li:corpuser:${user}`, privileges: WRITES }]),
    );
    bed.sim = await startSim({ demo: true, port: 0, ...more, tokens });
  });
  afterAll(() => bed.sim?.close());
  return bed;
}
