import type { JudgePolicy, Verdict } from '../core/verdict.js';
import { createDataHubClient } from '../datahub/client.js';
import { listModels } from '../datahub/read-catalog.js';
import type { Logger } from '../log.js';
import { startSim } from '@janus/datahub-sim';
import { scanModels } from './scan.js';

/**
 * The embedded default: the DataHub simulator in-process with the bundled demo catalog, every model judged
 * through the same GraphQL client a real DataHub would see. No environment needed.
 */
export async function runDemo(
  policy: JudgePolicy,
  logger: Logger,
  now = Date.now(),
): Promise<{ verdicts: Verdict[]; datahub: string }> {
  const sim = await startSim({ demo: true, port: 0, logger: logger.child({ unit: 'datahub-sim' }), now: () => now });
  try {
    const client = createDataHubClient({ url: sim.url, logger });
    const models = await listModels(client);
    const verdicts = await scanModels({ client, policy, now: () => now }, { models });
    return { verdicts: verdicts.sort((a, b) => a.model.name.localeCompare(b.model.name)), datahub: sim.url };
  } finally {
    await sim.close();
  }
}
