import type { ExecutionResult } from 'graphql';
import { makeContext, type SimContext } from '../../src/schema/context.js';
import { runGraphQL } from '../../src/schema/execute.js';
import { Store } from '../../src/store/store.js';

/** A fresh store and a function that runs GraphQL against it, as a client of GMS would. */
export function simHarness(overrides: Partial<SimContext> = {}) {
  const store = new Store();
  const ctx = makeContext(store, overrides);
  const gql = (query: string, variables?: Record<string, unknown>): Promise<ExecutionResult> =>
    runGraphQL({ query, variables }, ctx);
  /** Like gql, but fails the test on any GraphQL error and returns `data`. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read results loosely
  const data = async <T = Record<string, any>>(query: string, variables?: Record<string, unknown>): Promise<T> => {
    const r = await gql(query, variables);
    if (r.errors?.length) throw new Error(`GraphQL errors: ${r.errors.map((e) => e.message).join('; ')}`);
    return r.data as T;
  };
  return { store, ctx, gql, data };
}
