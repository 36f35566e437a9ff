import { z } from 'zod';
import type { DataHubClient } from './client.js';
import { defineOperation } from './operation.js';
import { isJanusAssertion } from '../core/writeback/conventions.js';
import { ACCEPTANCE_PROPERTY } from '../core/acceptance/stored.js';
import { rawEntitySchema, type RawEntity } from './queries/entities.js';

const assertionRuns = z.object({
  assertions: z.array(
    rawEntitySchema.shape.assertions.unwrap().unwrap().shape.assertions.element.pick({ urn: true, runEvents: true }),
  ),
});
const changeSchema = rawEntitySchema
  .pick({
    urn: true,
    type: true,
    lastIngested: true,
    ownership: true,
    operations: true,
    incidents: true,
    runs: true,
    structuredProperties: true,
  })
  .extend({
    assertions: assertionRuns.nullish(),
  });
type EntityChange = z.infer<typeof changeSchema>;
const schema = z.object({ entities: z.array(changeSchema.nullish()).nullish() });
const entityChanges = defineOperation<{ urns: string[] }, z.infer<typeof schema>>('entity-changes', schema);

/**
 * Entities a change probe asks about at once. Its answer is ~5% of the full read's bytes an entity, so a probe of
 * the medium catalog (25,000 entities) is 5 requests where the full read is 38.
 */
export const PROBE_BATCH = 5000;

type MovingFields = Pick<RawEntity, 'lastIngested' | 'operations' | 'incidents' | 'runs' | 'structuredProperties'> & {
  ownership?: { lastModified?: { time?: number | null } | null } | null;
  assertions?: EntityChange['assertions'];
};

/** What moved of an entity since it was read: facts judging reads, or only the evidence Janus itself wrote. */
export interface MovingFacts {
  /**
   * What judging reads: last ingestion, owners changed, operations, runs, other tools' assertion results, and the
   * acceptances held on the entity (a model's, a dataset's: docs/accepted-risk.md).
   */
  judged: string;
  /** Incidents (no detector reads them) and Janus's own guarding assertions: the write-back's evidence. */
  evidence: string;
}

/**
 * What of an entity can move between cycles, as comparable strings: from the full read (entities.graphql) and from
 * the probe (entity-changes.graphql) alike, over the same fields, in the same order. Janus's own writes (incidents,
 * guarding assertion results) change only `evidence`, so a write-back does not make the next cycle judge again.
 */
export function movingFacts(raw: MovingFields): MovingFacts {
  // the newest run event only: the full read brings more (to pass over undecided ones), the probe one, and a new
  // event is always the newest
  const newest = (a: { runEvents?: { runEvents: unknown[] } | null }) =>
    a.runEvents ? { runEvents: a.runEvents.runEvents.slice(0, 1) } : null;
  const assertions = raw.assertions?.assertions.map((a) => [a.urn, newest(a)] as const) ?? [];
  return {
    judged: JSON.stringify([
      raw.lastIngested ?? null,
      raw.ownership?.lastModified?.time ?? null,
      raw.operations ?? null,
      assertions.filter(([urn]) => !isJanusAssertion(urn)),
      raw.runs ?? null,
      acceptanceValues(raw.structuredProperties),
    ]),
    evidence: JSON.stringify([raw.incidents ?? null, assertions.filter(([urn]) => isJanusAssertion(urn))]),
  };
}

/**
 * The acceptance property's values, the only structured property that moves a judgment: Janus's own write-back
 * (score, band) changes the others every time a score moves, and must not make the next cycle judge again.
 */
function acceptanceValues(props: RawEntity['structuredProperties']): unknown {
  const p = props?.properties?.find((x) => x.structuredProperty.urn === ACCEPTANCE_PROPERTY.urn);
  return p ? p.values.map((v) => v?.stringValue ?? null) : null;
}

export interface Changes {
  /** Entities whose judged facts moved, or that DataHub no longer has: the models reading them are judged again. */
  judged: string[];
  /** Entities where only the write-back's evidence moved: read again, nobody judged again. */
  evidence: string[];
}

/**
 * The entities among `known` (urn → its moving facts when last read in full) whose moving facts differ now, or that
 * DataHub no longer has. One request per PROBE_BATCH entities, sent together.
 */
export async function readChanges(
  client: DataHubClient,
  known: Map<string, MovingFacts>,
  batch = PROBE_BATCH,
): Promise<Changes> {
  const urns = [...known.keys()];
  const changes: Changes = { judged: [], evidence: [] };
  const requests: Promise<void>[] = [];
  for (let i = 0; i < urns.length; i += batch) {
    const urnsOfBatch = urns.slice(i, i + batch);
    requests.push(
      client.request(entityChanges, { urns: urnsOfBatch }).then((data) => {
        const seen = new Set<string>();
        for (const e of data.entities ?? []) {
          if (!e) continue;
          seen.add(e.urn);
          const before = known.get(e.urn)!;
          const now = movingFacts(e);
          if (before.judged !== now.judged) changes.judged.push(e.urn);
          else if (before.evidence !== now.evidence) changes.evidence.push(e.urn);
        }
        for (const urn of urnsOfBatch) if (!seen.has(urn)) changes.judged.push(urn);
      }),
    );
  }
  await Promise.all(requests);
  changes.judged.sort();
  changes.evidence.sort();
  return changes;
}
