import { AT_RISK_TAG, keyOf, KEY_LINE, PROPERTIES, REPORT_LINK_LABEL } from '../../core/writeback/conventions.js';
import { RAISED_STATUS } from '../../core/incident-status.js';
import type { PlannedWrite } from '../../core/writeback/plan.js';
import type { BatchOperation } from '../batch-operation.js';
import type { DataHubClient } from '../client.js';
import { assertionsLatestOp, modelsLinksOp } from '../queries/incident.js';
import { readDatasetsActiveIncidents } from '../read-dataset-incidents.js';
import * as ops from '../queries/write-ops.js';

/** Writes sent together: one kind, one mutation (a `setReasons` with no reason left removes the property instead). */
export type WriteKind = PlannedWrite['kind'] | 'clearReasons';

export const writeKindOf = (w: PlannedWrite): WriteKind =>
  w.kind === 'setReasons' && !w.reasons.length ? 'clearReasons' : w.kind;

/**
 * The order kinds are written in, one kind after the other: definitions, then the datasets' evidence, then the
 * models'. Every entity's writes keep an order its plan allows (a reason is recorded before its tag is added, a tag
 * removed before its reason is dropped, an assertion upserted before its result), so whatever a crash leaves, each
 * entity holds a prefix of its writes in this order, and the next scan converges.
 */
export const WRITE_ORDER: readonly WriteKind[] = [
  'createTag',
  'createProperty',
  'raiseIncident',
  'resolveIncident',
  'reopenIncident',
  'upsertAssertion',
  'reportAssertion',
  'setTrust',
  'setReasons',
  'removeTag',
  'clearReasons',
  'addTag',
  'removeLink',
  'upsertLink',
];

type Vars = Record<string, unknown>;
type WriteOf<K extends WriteKind> = Extract<PlannedWrite, { kind: K extends 'clearReasons' ? 'setReasons' : K }>;

export interface WriteSpec<W extends PlannedWrite = PlannedWrite> {
  /** The mutation one write is: one alias of a batch. */
  op: BatchOperation<Vars, unknown>;
  vars(w: W): Vars;
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
    vars: (w) => {
      const p = PROPERTIES[w.property];
      return {
        input: {
          id: p.qualifiedName,
          qualifiedName: p.qualifiedName,
          displayName: p.displayName,
          description: p.description,
          valueType: p.valueType,
          cardinality: p.cardinality,
          entityTypes: ['urn:li:entityType:datahub.mlModel'],
          ...(p.allowedValues ? { allowedValues: p.allowedValues.map((stringValue) => ({ stringValue })) } : {}),
          settings: { showInAssetSummary: true, showInSearchFilters: w.property !== 'reasons' },
        },
      };
    },
    mayExist: true,
  },
  raiseIncident: {
    op: ops.raiseIncidentOp,
    vars: (w) => ({
      input: {
        type: w.type,
        ...(w.customType ? { customType: w.customType } : {}),
        title: w.title,
        description: w.description,
        resourceUrns: [w.dataset],
        priority: w.priority,
        status: { ...RAISED_STATUS },
      },
    }),
    guard: {
      lock: (w) => `incident:${w.key}`,
      present: async (client, ws) => {
        const read = await readDatasetsActiveIncidents(client, unique(ws.map((w) => w.dataset)));
        const keys = new Map(
          read.map((e) => [e.urn, new Set((e.incidents?.incidents ?? []).map((i) => keyOf(i.description)))]),
        );
        return ws.map((w) => !!keys.get(w.dataset)?.has(w.key));
      },
    },
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
    vars: (w) => ({
      urn: w.urn,
      input: {
        entityUrn: w.dataset,
        type: 'Janus guard',
        description: w.description,
        platform: { name: 'Janus' },
        logic: `${KEY_LINE}${w.key}`,
      },
    }),
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
        const data = await client.request(assertionsLatestOp, { urns: unique(ws.map((w) => w.urn)) });
        const latest = new Map(
          (data.entities ?? [])
            .filter((e) => e !== null && e !== undefined)
            .map((e) => [e.urn, e.runEvents?.runEvents[0]?.result?.type]),
        );
        return ws.map((w) => latest.get(w.urn) === w.result);
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
