import type { Store } from '../../store/store.js';
import { entityTypeOf } from '../../urn.js';
import type { IncidentInfoAspect } from './incident-info.js';

/** Entity types whose registry entry has the `incidentsSummary` aspect (entity-registry.yml). */
const SUMMARY_ENTITY_TYPES = new Set(['dataset', 'dataJob', 'dataFlow', 'chart', 'dashboard', 'service', 'aiAgent']);

interface SummaryDetails {
  urn: string;
  type: string;
  createdAt: number;
  resolvedAt?: number;
  priority?: number;
}

interface IncidentsSummary {
  activeIncidentDetails: SummaryDetails[];
  resolvedIncidentDetails: SummaryDetails[];
}

/**
 * What DataHub's IncidentsSummaryHook does after an `incidentInfo` write: each entity of the incident
 * gets the incident in its `incidentsSummary` (active or resolved list). As in DataHub, writing the
 * summary makes a target that had no aspects exist.
 */
export function updateIncidentsSummaries(store: Store, incidentUrn: string, info: IncidentInfoAspect): void {
  const details: SummaryDetails = {
    urn: incidentUrn,
    type: info.type === 'CUSTOM' ? (info.customType ?? '') : info.type,
    createdAt: info.created.time,
  };
  if (info.priority !== undefined) details.priority = info.priority;
  const resolved = info.status.state === 'RESOLVED';
  if (resolved) details.resolvedAt = info.status.lastUpdated.time;

  for (const entityUrn of info.entities) {
    if (!SUMMARY_ENTITY_TYPES.has(entityTypeOf(entityUrn) ?? '')) continue;
    const stored = store.aspect<IncidentsSummary>(entityUrn, 'incidentsSummary');
    // A new value whose lists are new arrays; the details in them are never edited in place, so they are shared
    // with the stored value rather than deep-copied (a deep copy per write made N incidents on a dataset O(N²)).
    const others = (list: SummaryDetails[] | undefined) => (list ?? []).filter((d) => d.urn !== incidentUrn);
    const summary: IncidentsSummary = {
      ...stored,
      activeIncidentDetails: others(stored?.activeIncidentDetails),
      resolvedIncidentDetails: others(stored?.resolvedIncidentDetails),
    };
    (resolved ? summary.resolvedIncidentDetails : summary.activeIncidentDetails).push(details);
    store.write(entityUrn, 'incidentsSummary', summary as unknown as Record<string, unknown>);
  }
}
