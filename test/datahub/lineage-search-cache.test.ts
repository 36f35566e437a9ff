import { afterEach, describe, expect, it } from 'vitest';
import { judgeModel } from '../../src/app/judge-model.js';
import { judgePolicy } from '../../src/config/index.js';
import { judgeSchema } from '../../src/config/judge.js';
import { createDataHubClient } from '../../src/datahub/client.js';
import { EntityCache } from '../../src/datahub/entity-cache.js';
import { ingestProposal } from '@janus/datahub-sim/ingest-client';
import { generateCatalog, GENERATED_NOW } from '@janus/datahub-sim/generate';
import { startSim, type RunningSim } from '@janus/datahub-sim';

// GMS keeps a lineage search's walk (LINEAGE_SEARCH_CACHE_ENABLED, on by default) and answers the same search from it
// for CACHE_TTL_SECONDS (600 by default) unless the search says searchFlags.skipCache. Janus judges what DataHub holds
// now: a table added upstream a second ago is in the next verdict.

const policy = judgePolicy(judgeSchema.parse({}));
const now = () => GENERATED_NOW;
const RECORDS = generateCatalog({ models: 4, datasets: 60, depth: 4, seed: 7 });
const MODEL = (RECORDS as { entityUrn?: string }[]).find((r) => r.entityUrn?.startsWith('urn:li:mlModel:'))!.entityUrn!;
const ADDED = 'urn:li:dataset:(urn:li:dataPlatform:snowflake,gen.late.arrival,PROD)';

let sim: RunningSim | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

describe("GMS's lineage search cache", () => {
  it.each([
    ['judged alone (lineage search)', () => undefined],
    ['judged in a scan (lineage scroll)', () => new EntityCache()],
  ])('%s: a deprecated table added upstream after a first verdict is in the next one', async (_name, cache) => {
    sim = await startSim({ records: RECORDS, port: 0, now, lineageSearchCacheTtlMs: 600_000 });
    const client = createDataHubClient({ url: sim.url });
    const first = await judgeModel({ client, policy, now, cache: cache() }, MODEL);
    const table = Object.values(first.graph.featureSources).flat()[0]!;
    await ingestProposal(sim.url, {
      entityType: 'dataset',
      entityUrn: ADDED,
      aspectName: 'deprecation',
      aspect: { deprecated: true, note: 'do not read', actor: 'urn:li:corpuser:datahub' },
    });
    await ingestProposal(sim.url, {
      entityType: 'dataset',
      entityUrn: table,
      aspectName: 'upstreamLineage',
      changeType: 'PATCH',
      aspect: {
        patch: [
          {
            op: 'add',
            path: `/upstreams/${ADDED.replace(/~/g, '~0').replace(/\//g, '~1')}`,
            value: { dataset: ADDED, type: 'TRANSFORMED', auditStamp: { time: 0, actor: 'urn:li:corpuser:datahub' } },
          },
        ],
      },
    });
    const next = await judgeModel({ client, policy, now, cache: cache() }, MODEL);
    expect(first.graph.nodes[ADDED]).toBeUndefined();
    expect(next.graph.nodes[ADDED]).toBeDefined();
    expect(next.verdict.findings.some((f) => f.detector === 'deprecated_upstream' && f.entity === ADDED)).toBe(true);
  });
});
