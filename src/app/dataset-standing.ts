import { severityRank, type Finding } from '../core/finding.js';
import type { IncidentStatus } from '../core/incident-status.js';
import { shortName } from '../core/names.js';
import { keyOf } from '../core/writeback/conventions.js';
import type { DataHubClient } from '../datahub/client.js';
import { toStatus } from '../datahub/incident-facts.js';
import { readDatasetsActiveIncidents } from '../datahub/read-dataset-incidents.js';
import { readDownstreamModels } from '../datahub/read-downstream.js';
import { selectLatest, type ModelSummary, type VerdictHistory } from '../history/index.js';

/** An open incident on the dataset, whoever raised it. */
export interface DatasetIncident {
  urn: string;
  title: string;
  status: IncidentStatus;
  /** Janus raised it (its description records a finding key). */
  janus: boolean;
  priority?: string;
}

/** What is wrong with one dataset, and whom it hurts: what its unfurl and `/janus trust <dataset>` show. */
export interface DatasetStanding {
  urn: string;
  name: string;
  /** DataHub holds it: a urn it does not know is "not in DataHub", and nothing else is read. */
  held: boolean;
  /** Its ACTIVE incidents, Janus's and anyone's (the whole list). */
  incidents: DatasetIncident[];
  /** The findings rooted here (one per root cause), worst first, from the latest verdicts of the models reading it. */
  findings: Finding[];
  /** The models whose latest verdict has a finding rooted here or naming it, worst first. */
  hurt: ModelSummary[];
  /** ML models downstream of it in DataHub's lineage (judged or not). */
  downstream: number;
  /** When the newest verdict read was made. */
  judgedAt?: string;
}

export interface DatasetStandingDeps {
  client: DataHubClient;
  history: VerdictHistory;
}

/** Full verdicts read at most for one dataset (the worst of its downstream models): each may be large. */
const VERDICTS_READ = 50;

/**
 * One dataset's standing: its ACTIVE incidents and whether DataHub holds it (one request), the ML models downstream
 * of it (one lineage scroll), and from the verdict history the findings rooted on it and the models they hurt. A
 * failing run is keyed by its job, not the table it writes, so findings are matched by the entity they sit on.
 */
export async function datasetStanding(
  deps: DatasetStandingDeps,
  urn: string,
  name: string = shortName(urn),
): Promise<DatasetStanding> {
  const [read] = await readDatasetsActiveIncidents(deps.client, [urn]);
  const none = { urn, name, incidents: [], findings: [], hurt: [], downstream: 0 };
  if (!read || read.exists === false) return { ...none, held: false };
  const incidents = (read.incidents?.incidents ?? [])
    .filter((i) => i.incidentStatus.state !== 'RESOLVED')
    .map((i): DatasetIncident => ({
      urn: i.urn,
      title: i.title ?? i.urn,
      status: toStatus(i.incidentStatus),
      janus: keyOf(i.description) !== undefined,
      ...(i.priority ? { priority: i.priority } : {}),
    }));
  const downstream = (await readDownstreamModels(deps.client, [urn]))[urn] ?? [];
  const urns = downstream.map((m) => m.urn);
  const summaries = selectLatest(
    deps.history.latestOf
      ? await deps.history.latestOf(urns)
      : (await deps.history.latest()).filter((s) => urns.includes(s.urn)),
  );
  const withFindings = summaries.filter((s) => s.findings.length).slice(0, VERDICTS_READ);
  const verdicts = (await Promise.all(withFindings.map((s) => deps.history.latestVerdict(s.urn)))).filter((v) => !!v);
  const rooted = new Map<string, Finding>();
  for (const v of verdicts)
    for (const f of v.findings) if (f.entity === urn && !rooted.has(f.key)) rooted.set(f.key, f);
  const hurt = summaries.filter((s) => s.findings.some((k) => rooted.has(k) || k.includes(urn)));
  const judgedAt = verdicts
    .map((v) => v.scannedAt)
    .sort()
    .at(-1);
  return {
    ...none,
    held: true,
    incidents,
    findings: [...rooted.values()].sort(
      (a, b) => severityRank(b.severity) - severityRank(a.severity) || b.weight - a.weight,
    ),
    hurt,
    downstream: downstream.length,
    ...(judgedAt ? { judgedAt } : {}),
  };
}
