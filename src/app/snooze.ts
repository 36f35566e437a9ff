import type { DataHubClient } from '../datahub/client.js';
import { resolveModelOrDataset, type EntityRef } from '../datahub/resolve-entity.js';

/** Where snoozes are kept (the Slack alerts' Redis store). */
export interface SnoozeStore {
  snooze(urn: string, entry: { until: number; by: string; name: string }): Promise<void>;
  unsnooze(urn: string): Promise<{ until: number; by: string; name: string } | undefined>;
}

export interface SnoozeDeps {
  client: DataHubClient;
  store: SnoozeStore;
  now?: () => number;
}

/**
 * `/janus snooze <model|dataset> <duration>`: no Slack alerts about it until then. Transitions are still recorded;
 * when the snooze ends, an alert still open is posted once.
 */
export async function snoozeEntity(
  deps: SnoozeDeps,
  ref: string,
  ms: number,
  by: string,
): Promise<EntityRef & { until: number }> {
  const e = await resolveModelOrDataset(deps.client, ref);
  const until = (deps.now ?? Date.now)() + ms;
  await deps.store.snooze(e.urn, { until, by, name: e.name });
  return { ...e, until };
}

/** `/janus unsnooze <model|dataset>`: alerts about it again (from the next cycle); whether it was snoozed. */
export async function unsnoozeEntity(deps: SnoozeDeps, ref: string): Promise<EntityRef & { was: boolean }> {
  const e = await resolveModelOrDataset(deps.client, ref);
  const was = await deps.store.unsnooze(e.urn);
  return { ...e, was: !!was && was.until > (deps.now ?? Date.now)() };
}
