import type { Redis } from 'ioredis';
import { AT_RISK_TAG, keyOf, KEY_LINE, PROPERTIES, REPORT_LINK_LABEL } from '../../core/writeback/conventions.js';
import type { PlannedWrite } from '../../core/writeback/plan.js';
import type { Logger } from '../../log.js';
import type { DataHubClient } from '../client.js';
import { DataHubError } from '../errors.js';
import { assertionLatestOp, datasetIncidentsOp, modelLinksOp } from '../queries/incident.js';
import * as ops from '../queries/write-ops.js';
import { withLock } from './lock.js';

export interface ApplyDeps {
  client: DataHubClient;
  redis?: Redis;
  logger?: Logger;
  /** Testing hook: called after every mutation DataHub accepted (used to inject crashes). */
  afterWrite?: (count: number) => void;
}

export interface ApplyOutcome {
  write: PlannedWrite;
  status: 'applied' | 'skipped' | 'failed';
  detail?: string;
}

/** Which earlier write each kind depends on: when that one fails, the dependent one is not attempted. */
const prerequisite = (w: PlannedWrite): string | undefined => {
  switch (w.kind) {
    case 'addTag': return 'createTag';
    case 'setTrust': return 'createProperty:score|createProperty:band';
    case 'setReasons': return 'createProperty:reasons';
    case 'reportAssertion': return `upsertAssertion:${w.urn}`;
    default: return undefined;
  }
};
const idOf = (w: PlannedWrite) => (w.kind === 'createProperty' ? `createProperty:${w.property}` : w.kind === 'upsertAssertion' ? `upsertAssertion:${w.urn}` : w.kind);

/** Entities written side by side: the client still keeps at most `datahub.concurrency` requests in flight. */
export const APPLY_LANES = 16;

/** The entity a write changes: its writes keep their plan order among themselves. Definitions have none. */
const laneOf = (w: PlannedWrite): string | undefined => ('model' in w ? w.model : 'dataset' in w ? w.dataset : undefined);

/**
 * Applies a plan: the definitions first, one after another; then each dataset's incidents and assertions; then each
 * model's trust, tags and links. Within a stage, entities go side by side (a catalog's first write-back is thousands
 * of writes), each entity's writes in plan order, so whatever a crash leaves, every entity holds a prefix of its
 * writes and the next run converges (docs/write-back.md). A failed write is reported with the write that failed and
 * does not stop the independent writes after it. Raising an incident and reporting an assertion result re-read
 * DataHub first (under a Redis lock when Redis is configured), so concurrent or retried scans never duplicate them.
 */
export async function applyPlan(plan: PlannedWrite[], deps: ApplyDeps): Promise<ApplyOutcome[]> {
  const failed = new Set<string>();
  const outcomes: ApplyOutcome[] = new Array(plan.length);
  let writes = 0;
  const mutate = async <V>(op: Parameters<DataHubClient['request']>[0], vars: V) => {
    await deps.client.request(op, vars as never);
    deps.afterWrite?.(++writes);
  };
  const apply = async (i: number) => {
    const w = plan[i]!;
    const blockedBy = prerequisite(w)?.split('|').find((p) => failed.has(p));
    if (blockedBy) {
      outcomes[i] = { write: w, status: 'skipped', detail: `${blockedBy} failed` };
      return;
    }
    try {
      const done = await applyOne(w, deps, mutate);
      outcomes[i] = { write: w, status: done ? 'applied' : 'skipped', ...(done ? {} : { detail: 'already in DataHub' }) };
    } catch (err) {
      failed.add(idOf(w));
      const detail = err instanceof Error ? err.message : String(err);
      deps.logger?.warn({ write: w.kind, err: detail }, 'write-back step failed');
      outcomes[i] = { write: w, status: 'failed', detail };
    }
  };
  const definitions: number[] = [];
  const stages = [new Map<string, number[]>(), new Map<string, number[]>()];
  plan.forEach((w, i) => {
    const lane = laneOf(w);
    if (lane === undefined) return definitions.push(i);
    const stage = stages['model' in w ? 1 : 0]!;
    const list = stage.get(lane);
    if (list) list.push(i);
    else stage.set(lane, [i]);
  });
  for (const i of definitions) await apply(i);
  for (const stage of stages) await inLanes([...stage.values()], apply);
  return outcomes;
}

/** Each lane's writes in order, up to APPLY_LANES lanes at once. */
async function inLanes(lanes: number[][], apply: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < lanes.length) for (const i of lanes[next++]!) await apply(i);
  };
  await Promise.all(Array.from({ length: Math.min(APPLY_LANES, lanes.length) }, worker));
}

type Mutate = <V>(op: Parameters<DataHubClient['request']>[0], vars: V) => Promise<void>;

const exists = (err: unknown) => err instanceof DataHubError && /already exists/i.test(err.message);

async function applyOne(w: PlannedWrite, deps: ApplyDeps, mutate: Mutate): Promise<boolean> {
  switch (w.kind) {
    case 'createTag':
      return tolerateExists(() => mutate(ops.createTagOp, { input: { id: AT_RISK_TAG.id, name: AT_RISK_TAG.name, description: AT_RISK_TAG.description } }));
    case 'createProperty': {
      const p = PROPERTIES[w.property];
      return tolerateExists(() =>
        mutate(ops.createStructuredPropertyOp, {
          input: {
            id: p.qualifiedName, qualifiedName: p.qualifiedName, displayName: p.displayName, description: p.description,
            valueType: p.valueType, cardinality: p.cardinality, entityTypes: ['urn:li:entityType:datahub.mlModel'],
            ...(p.allowedValues ? { allowedValues: p.allowedValues.map((stringValue) => ({ stringValue })) } : {}),
            settings: { showInAssetSummary: true, showInSearchFilters: w.property !== 'reasons' },
          },
        }),
      );
    }
    case 'raiseIncident':
      return withLock(deps.redis, `incident:${w.key}`, async () => {
        const current = await deps.client.request(datasetIncidentsOp, { urn: w.dataset });
        if (current.dataset?.incidents?.incidents.some((i) => keyOf(i.description) === w.key)) return false;
        await mutate(ops.raiseIncidentOp, {
          input: {
            type: w.type, ...(w.customType ? { customType: w.customType } : {}), title: w.title, description: w.description,
            resourceUrns: [w.dataset], priority: w.priority, status: { state: 'ACTIVE', stage: 'TRIAGE', message: 'Raised by Janus' },
          },
        });
        return true;
      });
    case 'resolveIncident':
      await mutate(ops.updateIncidentStatusOp, { urn: w.urn, input: { state: 'RESOLVED', stage: 'FIXED', message: w.message } });
      return true;
    case 'upsertAssertion':
      await mutate(ops.upsertCustomAssertionOp, {
        urn: w.urn,
        input: { entityUrn: w.dataset, type: 'Janus guard', description: w.description, platform: { name: 'Janus' }, logic: `${KEY_LINE}${w.key}` },
      });
      return true;
    case 'reportAssertion':
      return withLock(deps.redis, `assertion:${w.urn}`, async () => {
        const latest = (await deps.client.request(assertionLatestOp, { urn: w.urn })).assertion?.runEvents?.runEvents[0]?.result?.type;
        if (latest === w.result) return false;
        await mutate(ops.reportAssertionResultOp, { urn: w.urn, result: { type: w.result, properties: [{ key: 'reason', value: w.reason }] } });
        return true;
      });
    case 'setTrust':
      await mutate(ops.upsertStructuredPropertiesOp, {
        input: {
          assetUrn: w.model,
          structuredPropertyInputParams: [
            { structuredPropertyUrn: PROPERTIES.score.urn, values: [{ numberValue: w.score }] },
            { structuredPropertyUrn: PROPERTIES.band.urn, values: [{ stringValue: w.band }] },
          ],
        },
      });
      return true;
    case 'setReasons':
      if (w.reasons.length) {
        await mutate(ops.upsertStructuredPropertiesOp, {
          input: { assetUrn: w.model, structuredPropertyInputParams: [{ structuredPropertyUrn: PROPERTIES.reasons.urn, values: w.reasons.map((stringValue) => ({ stringValue })) }] },
        });
      } else {
        await mutate(ops.removeStructuredPropertiesOp, { input: { assetUrn: w.model, structuredPropertyUrns: [PROPERTIES.reasons.urn] } });
      }
      return true;
    case 'addTag':
      await mutate(ops.addTagOp, { input: { tagUrn: AT_RISK_TAG.urn, resourceUrn: w.model } });
      return true;
    case 'removeTag':
      await mutate(ops.removeTagOp, { input: { tagUrn: AT_RISK_TAG.urn, resourceUrn: w.model } });
      return true;
    case 'upsertLink':
      return withLock(deps.redis, `link:${w.model}`, async () => {
        const links = (await deps.client.request(modelLinksOp, { urn: w.model })).mlModel?.institutionalMemory?.elements ?? [];
        if (links.some((l) => l.url === w.url && l.label === REPORT_LINK_LABEL)) return false;
        await mutate(ops.upsertLinkOp, { input: { linkUrl: w.url, label: REPORT_LINK_LABEL, resourceUrn: w.model } });
        return true;
      });
    case 'removeLink':
      await mutate(ops.removeLinkOp, { input: { linkUrl: w.url, label: REPORT_LINK_LABEL, resourceUrn: w.model } });
      return true;
  }
}

async function tolerateExists(fn: () => Promise<void>): Promise<boolean> {
  try {
    await fn();
    return true;
  } catch (err) {
    if (exists(err)) return false; // created meanwhile, e.g. by a concurrent worker
    throw err;
  }
}
