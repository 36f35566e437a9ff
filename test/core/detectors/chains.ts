import { graph, HOUR, NOW } from '../builder.js';

/** raw → clean → train (training data of the model). */
export const chain = () =>
  graph()
    .dataset('raw', { lastUpdated: NOW - 2 * HOUR })
    .dataset('clean', { lastUpdated: NOW - 1 * HOUR })
    .dataset('train', { lastUpdated: NOW - 1 * HOUR })
    .lineage('clean', 'raw')
    .lineage('train', 'clean')
    .training('train');

export const run = (result: 'SUCCESS' | 'FAILURE', at: number) => ({
  urn: `urn:li:dataProcessInstance:${result}-${at}`,
  at,
  result,
});
