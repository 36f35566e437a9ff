import { isJanusAssertion, keyOf, modelsOf, PROPERTIES, recordedResult } from '../../core/writeback/conventions.js';
import type { CurrentAssertion, CurrentIncident, CurrentModel, WriteBackState } from '../../core/writeback/state.js';
import type { DataHubClient } from '../client.js';
import type { EntityCache } from '../entity-cache.js';
import { writeBackStateOp } from '../queries/write-back-state.js';

/** Janus's incidents and assertions on every dataset the scan read (already in the entity cache: no request). */
export function evidenceOnDatasets(
  read: string[],
  cache: EntityCache,
): Pick<WriteBackState, 'incidents' | 'assertions' | 'datasets'> {
  const datasets = [...read].sort();
  const incidents: CurrentIncident[] = [];
  const assertions: CurrentAssertion[] = [];
  for (const dataset of datasets) {
    const raw = cache.get(dataset);
    for (const i of raw?.incidents?.incidents ?? []) {
      const key = keyOf(i.description);
      if (key && i.incidentStatus.state === 'ACTIVE')
        incidents.push({ urn: i.urn, key, dataset, models: modelsOf(i.description), created: i.created.time });
    }
    for (const a of raw?.assertions?.assertions ?? []) {
      const key = keyOf(a.info?.customAssertion?.logic);
      if (!isJanusAssertion(a.urn) || !key) continue;
      const { latest, latestAt } = latestResult(a.info?.customAssertion?.logic, a.runEvents?.runEvents[0]);
      const description = a.info?.description;
      assertions.push({
        urn: a.urn,
        key,
        dataset,
        ...(latest ? { latest } : {}),
        ...(typeof latestAt === 'number' ? { latestAt } : {}),
        ...(description ? { description } : {}),
      });
    }
  }
  return { incidents, assertions, datasets };
}

/**
 * A guarding assertion's latest result: the newer of its latest run event (from the timeseries index, which lags) and
 * the result recorded on its logic (from the database).
 */
export function latestResult(
  logic: string | null | undefined,
  event: { timestampMillis: number; result?: { type: string } | null } | undefined,
): { latest?: string; latestAt?: number } {
  const recorded = recordedResult(logic);
  if (recorded && (!event || recorded.at >= event.timestampMillis))
    return { latest: recorded.result, latestAt: recorded.at };
  return event ? { ...(event.result?.type ? { latest: event.result.type } : {}), latestAt: event.timestampMillis } : {};
}

/** The tag and property definitions, and each model's tags, Janus properties and links (batches of 250). */
export async function readModelsState(
  client: DataHubClient,
  models: string[],
  /** Hears the models read, a request's at a time (progress displays). */
  onRead?: (models: number) => void,
): Promise<Pick<WriteBackState, 'tagExists' | 'propertiesExist' | 'models'>> {
  const unique = [...new Set(models)].sort();
  const out: Pick<WriteBackState, 'tagExists' | 'propertiesExist' | 'models'> = {
    tagExists: false,
    propertiesExist: { score: false, band: false, reasons: false },
    models: {},
  };
  for (let i = 0; i === 0 || i < unique.length; i += 250) {
    const batch = unique.slice(i, i + 250);
    const data = await client.request(writeBackStateOp, { models: batch });
    out.tagExists = !!data.tagExists;
    out.propertiesExist = { score: !!data.score?.exists, band: !!data.band?.exists, reasons: !!data.reasons?.exists };
    for (const m of data.models ?? []) if (m?.type === 'MLMODEL') out.models[m.urn] = toModel(m);
    onRead?.(batch.length);
  }
  return out;
}

function toModel(
  m: NonNullable<NonNullable<Awaited<ReturnType<typeof writeBackStateOp.schema.parse>>['models']>[number]>,
): CurrentModel {
  const values = (urn: string) =>
    (m.structuredProperties?.properties ?? [])
      .find((p) => p.structuredProperty.urn === urn)
      ?.values.map((v) => v?.stringValue ?? v?.numberValue) ?? [];
  const score = values(PROPERTIES.score.urn)[0];
  const band = values(PROPERTIES.band.urn)[0];
  return {
    urn: m.urn,
    tags: (m.tags?.tags ?? []).map((t) => t.tag.urn),
    ...(typeof score === 'number' ? { score } : {}),
    ...(typeof band === 'string' ? { band } : {}),
    reasons: values(PROPERTIES.reasons.urn).filter((v): v is string => typeof v === 'string'),
    links: m.institutionalMemory?.elements ?? [],
  };
}
