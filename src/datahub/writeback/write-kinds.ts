import {
  AT_RISK_TAG,
  assertionLogic,
  recordedResult,
  PROPERTIES,
  REPORT_LINK_LABEL,
} from '../../core/writeback/conventions.js';
import type { PlannedWrite } from '../../core/writeback/plan.js';
import type { BatchOperation } from '../batch-operation.js';
import type { DataHubClient } from '../client.js';
import { assertionsLatestOp, heldEntities, modelsLinksOp } from '../queries/incident.js';
import { latestResult } from './read-state.js';
import { propertyDefinition } from './property-definition.js';
import { incidentsPresent, writeIncidents } from './incident-write.js';
import * as ops from '../queries/write-ops.js';

/** Writes sent together: one kind, one mutation (a `setReasons` with no reason left removes the property instead). */
export type WriteKind = PlannedWrite['kind'] | 'clearReasons';

export const writeKindOf = (w: PlannedWrite): WriteKind =>
  w.kind === 'setReasons' && !w.reasons.length ? 'clearReasons' : w.kind;

/**
 * `list` itself when it names every member of `K`; otherwise a compile error naming the ones missing
 * ("Property 'missing' is missing … required in type '{ missing: \"addTag\"; }'"). For lists a growing union must
 * not outgrow.
 */
export const exhaustiveList =
  <K extends string>() =>
  <const L extends readonly K[]>(
    list: L & ([Exclude<K, L[number]>] extends [never] ? unknown : { missing: Exclude<K, L[number]> }),
  ): L =>
    list;

/**
 * The order kinds are written in, one kind after the other: definitions, then the datasets' evidence, then the
 * models'. Every entity's writes keep an order its plan allows (a reason is recorded before its tag is added, a tag
 * removed before its reason is dropped, an assertion upserted before its result), so whatever a crash leaves, each
 * entity holds a prefix of its writes in this order, and the next scan converges. A kind missing here fails `tsc`.
 */
export const WRITE_ORDER: readonly WriteKind[] = exhaustiveList<WriteKind>()([
  'createTag',
  'createProperty',
  'raiseIncident',
  'resolveIncident',
  'reopenIncident',
  'upsertAssertion',
  'reportAssertion',
  'recordAssertion',
  'setTrust',
  'setReasons',
  'removeTag',
  'clearReasons',
  'addTag',
  'removeLink',
  'upsertLink',
]);

type Vars = Record<string, unknown>;
type WriteOf<K extends WriteKind> = Extract<PlannedWrite, { kind: K extends 'clearReasons' ? 'setReasons' : K }>;

export interface WriteSpec<W extends PlannedWrite = PlannedWrite> {
  /** The mutation one write is: one alias of a batch. */
  op: BatchOperation<Vars, unknown>;
  vars(w: W): Vars;
  /**
   * Written through GMS's ingestion endpoint instead of `op` (incident-write.ts): these writes, in one request that
   * lands whole or throws. Only for upserts at a urn the write names, so sending one again is safe.
   */
  ingest?(client: DataHubClient, ws: W[]): Promise<void>;
  /** Many writes in one alias (`batchAddTags`), tried first; a batch DataHub refuses is then written one by one. */
  together?: { op: BatchOperation<Vars, unknown>; vars(ws: W[]): Vars };
  /** A definition: "already exists" means another worker created it. */
  mayExist?: boolean;
  /**
   * A write DataHub cannot make idempotent: re-read right before sending (under a lock per write when Redis is
   * configured), once for a whole batch; `present` says which writes DataHub already holds.
   */
  guard?: { lock(w: W): string; present(client: DataHubClient, ws: W[]): Promise<boolean[]> };
}

const unique = (urns: string[]) => [...new Set(urns)];

/** A guarding assertion as `upsertCustomAssertion` writes it (the whole aspect: the result recorded on it, if any). */
const assertionInput = (
  w: { urn: string; key: string; dataset: string; description: string },
  recorded?: { result: string; at: number },
) => ({
  urn: w.urn,
  input: {
    entityUrn: w.dataset,
    type: 'Janus guard',
    description: w.description,
    platform: { name: 'Janus' },
    logic: assertionLogic(w.key, recorded),
  },
});

/** Each assertion's latest result (recorded or run event, the newer) and the result recorded on it, read right now. */
async function latestResults(client: DataHubClient, ws: { urn: string }[]) {
  const data = await client.request(assertionsLatestOp, { urns: unique(ws.map((w) => w.urn)) });
  return new Map(
    (data.entities ?? []).flatMap((e) => {
      if (!e) return [];
      const logic = e.info?.customAssertion?.logic;
      return [[e.urn, { ...latestResult(logic, e.runEvents?.runEvents[0]), recorded: recordedResult(logic)?.result }]];
    }),
  );
}

/** Results are stamped to the minute: scans racing on one assertion stamp, and so land, one result. */
export const RESULT_STAMP_MS = 60_000;
/** The timestamp of a result: the minute it is reported in, and always after the result it follows. */
export const resultTimestamp = (after: number | undefined, now: number) =>
  Math.max(Math.floor(now / RESULT_STAMP_MS) * RESULT_STAMP_MS, after === undefined ? 0 : after + 1);
const tagInput = (resourceUrn: string) => ({ input: { tagUrn: AT_RISK_TAG.urn, resourceUrn } });
const tagsInput = (ws: { model: string }[]) => ({
  input: { tagUrns: [AT_RISK_TAG.urn], resources: ws.map((w) => ({ resourceUrn: w.model })) },
});
const linkInput = (w: { model: string; url: string }) => ({
  input: { linkUrl: w.url, label: REPORT_LINK_LABEL, resourceUrn: w.model },
});

export const WRITE_SPECS: { [K in WriteKind]: WriteSpec<WriteOf<K>> } = {
  createTag: {
    op: ops.createTagOp,
    vars: () => ({ input: { id: AT_RISK_TAG.id, name: AT_RISK_TAG.name, description: AT_RISK_TAG.description } }),
    mayExist: true,
  },
  createProperty: {
    op: ops.createStructuredPropertyOp,
    vars: (w) => propertyDefinition(PROPERTIES[w.property], ['mlModel'], w.property !== 'reasons'),
    mayExist: true,
  },
  raiseIncident: {
    // what a raise would be through GraphQL; Janus writes incidents through ingestion (incident-write.ts)
    op: ops.raiseIncidentOp,
    vars: (w) => ({ input: { type: w.type, resourceUrns: [w.dataset] } }),
    ingest: (client, ws) => writeIncidents(client, ws),
    guard: { lock: (w) => `incident:${w.key}`, present: incidentsPresent },
  },
  resolveIncident: {
    op: ops.updateIncidentStatusOp,
    vars: (w) => ({ urn: w.urn, input: { state: 'RESOLVED', stage: w.stage ?? 'FIXED', message: w.message } }),
  },
  reopenIncident: {
    op: ops.updateIncidentStatusOp,
    vars: (w) => ({ urn: w.urn, input: { state: 'ACTIVE', stage: 'TRIAGE', message: w.message } }),
  },
  upsertAssertion: {
    op: ops.upsertCustomAssertionOp,
    vars: (w) => assertionInput(w),
    // an upsert would drop the result recorded on it: only an assertion DataHub does not hold yet is written
    guard: {
      lock: (w) => `assertion:${w.urn}`,
      present: async (client, ws) => {
        const held = await heldEntities(
          client,
          ws.map((w) => w.urn),
        );
        return ws.map((w) => held.has(w.urn));
      },
    },
  },
  reportAssertion: {
    op: ops.reportAssertionResultOp,
    vars: (w) => ({
      urn: w.urn,
      result: {
        type: w.result,
        timestampMillis: resultTimestamp(w.after, Date.now()),
        properties: [{ key: 'reason', value: w.reason }],
      },
    }),
    guard: {
      lock: (w) => `assertion:${w.urn}`,
      present: async (client, ws) => {
        const latest = await latestResults(client, ws);
        return ws.map((w) => latest.get(w.urn)?.latest === w.result);
      },
    },
  },
  recordAssertion: {
    op: ops.upsertCustomAssertionOp,
    vars: (w) => assertionInput(w, { result: w.result, at: resultTimestamp(w.after, Date.now()) }),
    guard: {
      lock: (w) => `assertion:${w.urn}`,
      present: async (client, ws) => {
        const latest = await latestResults(client, ws);
        return ws.map((w) => latest.get(w.urn)?.recorded === w.result);
      },
    },
  },
  setTrust: {
    op: ops.upsertStructuredPropertiesOp,
    vars: (w) => ({
      input: {
        assetUrn: w.model,
        structuredPropertyInputParams: [
          { structuredPropertyUrn: PROPERTIES.score.urn, values: [{ numberValue: w.score }] },
          { structuredPropertyUrn: PROPERTIES.band.urn, values: [{ stringValue: w.band }] },
        ],
      },
    }),
  },
  setReasons: {
    op: ops.upsertStructuredPropertiesOp,
    vars: (w) => ({
      input: {
        assetUrn: w.model,
        structuredPropertyInputParams: [
          { structuredPropertyUrn: PROPERTIES.reasons.urn, values: w.reasons.map((stringValue) => ({ stringValue })) },
        ],
      },
    }),
  },
  clearReasons: {
    op: ops.removeStructuredPropertiesOp,
    vars: (w) => ({ input: { assetUrn: w.model, structuredPropertyUrns: [PROPERTIES.reasons.urn] } }),
  },
  removeTag: {
    op: ops.removeTagOp,
    vars: (w) => tagInput(w.model),
    together: { op: ops.batchRemoveTagsOp, vars: tagsInput },
  },
  addTag: { op: ops.addTagOp, vars: (w) => tagInput(w.model), together: { op: ops.batchAddTagsOp, vars: tagsInput } },
  removeLink: { op: ops.removeLinkOp, vars: linkInput },
  upsertLink: {
    op: ops.upsertLinkOp,
    vars: linkInput,
    guard: {
      lock: (w) => `link:${w.model}`,
      present: async (client, ws) => {
        const data = await client.request(modelsLinksOp, { urns: unique(ws.map((w) => w.model)) });
        const links = new Map(
          (data.entities ?? [])
            .filter((e) => e !== null && e !== undefined)
            .map((e) => [e.urn, e.institutionalMemory?.elements ?? []]),
        );
        return ws.map((w) => (links.get(w.model) ?? []).some((l) => l.url === w.url && l.label === REPORT_LINK_LABEL));
      },
    },
  },
};
