import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { AT_RISK_TAG } from '../../../src/core/writeback/conventions.js';
import type { PlannedWrite } from '../../../src/core/writeback/plan.js';
import { createDataHubClient } from '../../../src/datahub/client.js';
import { listModels } from '../../../src/datahub/read-catalog.js';
import { applyPlan } from '../../../src/datahub/writeback/apply.js';
import { gql } from '../../app/write-back-helpers.js';

// WRITE_ORDER as it would be with a kind left out, which its type forbids (write-order.test.ts): swapped in here,
// in the isolated unit project (test/tiers.ts MOCKING_TESTS), to see what applyPlan does with a write it has no
// place for.
vi.mock('../../../src/datahub/writeback/write-kinds.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../src/datahub/writeback/write-kinds.js')>();
  return { ...real, WRITE_ORDER: real.WRITE_ORDER.filter((k) => k !== 'createProperty') };
});

let sim: RunningSim | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

describe('a planned write applyPlan does not send', () => {
  it('is reported failed with its reason, its dependents skipped, the other writes sent', async () => {
    sim = await startSim({ demo: true, port: 0 });
    const client = createDataHubClient({ url: sim.url, retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 2 } });
    const model = (await listModels(client))[0]!;
    const plan: PlannedWrite[] = [
      { kind: 'createTag' },
      { kind: 'createProperty', property: 'score' },
      { kind: 'setTrust', model, score: 40, band: 'at_risk' },
      { kind: 'addTag', model },
    ];

    const outcomes = await applyPlan(plan, { client });

    expect(outcomes).toHaveLength(plan.length);
    expect(outcomes.map((o) => [o.write.kind, o.status, o.detail])).toEqual([
      ['createTag', 'applied', undefined],
      ['createProperty', 'failed', 'not sent: write kind createProperty has no place in WRITE_ORDER (write-kinds.ts)'],
      ['setTrust', 'skipped', 'createProperty:score failed'],
      ['addTag', 'applied', undefined],
    ]);
    // the writes reported applied did land
    const held = await gql<{ mlModel: { tags: { tags: { tag: { urn: string } }[] } | null } }>(
      sim,
      'query M($urn: String!) { mlModel(urn: $urn) { tags { tags { tag { urn } } } } }',
      { urn: model },
    );
    expect(held.mlModel.tags?.tags.map((t) => t.tag.urn)).toContain(AT_RISK_TAG.urn);
  });
});
