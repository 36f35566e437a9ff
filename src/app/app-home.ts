import type { IncidentStatus } from '../core/incident-status.js';
import type { Band } from '../core/score.js';
import type { Logger } from '../log.js';
import type { ModelSummary, VerdictHistory } from '../history/index.js';
import type { Identity } from './incident-identity.js';
import type { OwnedIncidents } from './owned-incidents.js';

/** Rows App Home shows of each list, at most (within Block Kit's 100 blocks a view). */
export const HOME_ROWS = { models: 15, incidents: 8, atRisk: 10, orphans: 8 } as const;
/** Scans a trend shows. */
const TREND_SCANS = 12;

export interface HomeModel {
  urn: string;
  name: string;
  score: number;
  band: Band;
  /** Scores oldest first (the latest last). */
  trend: number[];
}

export interface HomeIncident {
  urn: string;
  headline: string;
  severity?: string;
  /** The viewer's models it hurts (names). */
  models: string[];
  since: string;
  /** Where the incident is in DataHub now (read when Home is drawn); absent when DataHub could not say. */
  status?: IncidentStatus;
  /** The viewer's table it is on (its name), when it is on one they own. */
  table?: string;
  /** An alert about it mentioned the viewer. */
  mentioned?: boolean;
}

/** An orphan as the cycle recorded it, as App Home lists it (src/slack/orphan-store.ts keeps them in Redis). */
export interface HomeOrphan {
  urn: string;
  name: string;
  kind: string;
  /** Its owners who have left. */
  departed: string[];
  /** The models reading it (urns), `modelCount` in all. */
  models: string[];
  modelCount: number;
  /** Someone claimed it from Slack: no longer offered. */
  claimed?: unknown;
}

/** What App Home reads of the orphans and the owner → models index the cycle writes. */
export interface HomeOrphans {
  /** The models these owners (users and groups) own, by urn. */
  ownedBy(owners: string[]): Promise<string[]>;
  all(): Promise<HomeOrphan[]>;
}

/** An alert as App Home reads it (the alerts' Redis store keeps what Argos said): its incident, the models it hurts. */
export interface HomeAlert {
  status: 'open' | 'resolved';
  incident?: string;
  headline: string;
  severity?: string;
  /** When it began (ISO). */
  since: string;
  raisedAt: number;
  models: Record<string, { name: string }>;
  /** The channels it went to, with the Slack members each mentioned. */
  channels?: Record<string, { mentions: string[] }>;
}

export interface HomeData {
  /** Who the viewer is in DataHub, or why Argos cannot tell. */
  identity: Identity;
  /** The viewer's models (directly or through a group), worst first; `ownedCount` of them in all. */
  models: HomeModel[];
  ownedCount: number;
  /** Owned models the scan history has not judged yet. */
  unjudged: number;
  /**
   * The newest open incidents on the viewer's models, on the tables they own (anyone's incidents, from DataHub) and
   * in alerts that mentioned them; `incidentsCount` in all.
   */
  incidents: HomeIncident[];
  incidentsCount: number;
  /** Tables the viewer owns (directly or through a group), and how many of them Home read incidents of. */
  tables: number;
  tablesRead: number;
  /** The catalog's models not trusted, worst first, and how many in all. */
  atRisk: ModelSummary[];
  atRiskCount: number;
  /** The catalog's models with findings a person accepted (docs/accepted-risk.md), from the latest judgments. */
  accepted?: ModelSummary[];
  /** Orphans reading into the viewer's models (every orphan when they own none), most models first. */
  orphans: HomeOrphan[];
  orphansCount: number;
  /** Whether the history is kept across processes (App Home has nothing to show without Redis). */
  history: VerdictHistory['kind'];
}

export interface HomeDeps {
  identity: (slackId: string) => Promise<Identity>;
  history: VerdictHistory;
  /** Orphans and the owner → models index (the cycle writes them); absent without Redis. */
  orphans?: HomeOrphans;
  /** The alerts' states (what Argos said, with their DataHub incidents); absent without Redis. */
  alerts?: () => Promise<HomeAlert[]>;
  /** The incidents' status in DataHub now (one read for the incidents shown): their buttons fit it. */
  incidentStatuses?: (urns: string[]) => Promise<Map<string, { status: IncidentStatus }>>;
  /** The open incidents on the tables these owners own (DataHub: an owners search, then their incidents). */
  ownedIncidents?: (owners: string[]) => Promise<OwnedIncidents>;
  logger?: Logger;
}

/**
 * What App Home shows a Slack member, from what the service keeps in Redis: no DataHub walk (one search by email
 * names the viewer, cached with the incident buttons' identities).
 */
export async function homeData(deps: HomeDeps, slackId: string): Promise<HomeData> {
  const identity = await deps.identity(slackId);
  const owners = identity.kind === 'known' ? [identity.actor.urn, ...identity.actor.groups] : [];
  const [owned, latest, orphans, alerts, onTables] = await Promise.all([
    deps.orphans?.ownedBy(owners) ?? Promise.resolve([]),
    deps.history.latest(),
    deps.orphans?.all() ?? Promise.resolve([]),
    deps.alerts?.() ?? Promise.resolve([]),
    ownedTables(deps, owners),
  ]);
  const mine = new Set(owned);
  const summaries = latest.filter((s) => mine.has(s.urn));
  const models = await Promise.all(
    summaries.slice(0, HOME_ROWS.models).map(async (s): Promise<HomeModel> => {
      const past = await deps.history.history(s.urn, TREND_SCANS);
      return { urn: s.urn, name: s.name, score: s.score, band: s.band, trend: past.map((e) => e.score).reverse() };
    }),
  );
  const names = new Map(latest.map((s) => [s.urn, s.name]));
  const mentioned = (a: HomeAlert) => Object.values(a.channels ?? {}).some((c) => c.mentions.includes(slackId));
  const tableOf = new Map(onTables.incidents.map((i) => [i.urn, i]));
  const fromAlerts = alerts
    .filter((a) => a.status === 'open' && a.incident)
    .filter((a) => Object.keys(a.models).some((m) => mine.has(m)) || mentioned(a) || tableOf.has(a.incident!))
    .sort((a, b) => b.raisedAt - a.raisedAt)
    .map((a): HomeIncident => {
      const table = tableOf.get(a.incident!);
      return {
        urn: a.incident!,
        headline: a.headline,
        ...(a.severity ? { severity: a.severity } : {}),
        // the viewer's models it hurts; every one it hurts when none is theirs (on their table, or they were mentioned)
        models: (Object.keys(a.models).some((m) => mine.has(m))
          ? Object.keys(a.models).filter((m) => mine.has(m))
          : Object.keys(a.models)
        ).map((m) => a.models[m]?.name ?? names.get(m) ?? m),
        since: a.since,
        ...(table ? { table: table.dataset.name, status: table.status } : {}),
        ...(mentioned(a) ? { mentioned: true } : {}),
      };
    });
  const alerted = new Set(fromAlerts.map((i) => i.urn));
  // anyone's incidents on the viewer's tables (a person's in DataHub too), once each
  const fromTables = [...tableOf.values()]
    .filter((i) => !alerted.has(i.urn))
    .map((i): HomeIncident => ({
      urn: i.urn,
      headline: i.title,
      models: [],
      since: new Date(i.createdAt).toISOString(),
      status: i.status,
      table: i.dataset.name,
    }));
  const incidents = [...fromAlerts, ...fromTables];
  const shown = await withStatus(deps, incidents.slice(0, HOME_ROWS.incidents));
  const atRisk = latest.filter((s) => s.band !== 'trusted');
  const claimable = (mine.size ? orphans.filter((o) => o.models.some((m) => mine.has(m))) : orphans)
    .filter((o) => !o.claimed)
    .sort((a, b) => b.modelCount - a.modelCount || a.name.localeCompare(b.name));
  return {
    identity,
    models,
    ownedCount: owned.length,
    unjudged: owned.length - summaries.length,
    incidents: shown,
    incidentsCount: incidents.length,
    tables: onTables.tables,
    tablesRead: onTables.tablesRead,
    atRisk: atRisk.slice(0, HOME_ROWS.atRisk),
    atRiskCount: atRisk.length,
    accepted: latest.filter((s) => s.accepted?.length),
    orphans: claimable.slice(0, HOME_ROWS.orphans),
    orphansCount: claimable.length,
    history: deps.history.kind,
  };
}

/** The incidents on the viewer's tables; none when DataHub cannot say (Home still draws, and says it in the log). */
async function ownedTables(deps: HomeDeps, owners: string[]): Promise<OwnedIncidents> {
  const none = { incidents: [], tables: 0, tablesRead: 0 };
  if (!owners.length || !deps.ownedIncidents) return none;
  try {
    return await deps.ownedIncidents(owners);
  } catch (err) {
    deps.logger?.warn({ err: err instanceof Error ? err.message : String(err) }, 'App Home: owned tables not read');
    return none;
  }
}

/** The incidents with their status in DataHub now; as they are when DataHub cannot say (Home still draws). */
async function withStatus(deps: HomeDeps, incidents: HomeIncident[]): Promise<HomeIncident[]> {
  const unread = incidents.filter((i) => !i.status);
  if (!unread.length || !deps.incidentStatuses) return incidents;
  try {
    const now = await deps.incidentStatuses(unread.map((i) => i.urn));
    return incidents.map((i) => {
      const s = i.status ?? now.get(i.urn)?.status;
      return s ? { ...i, status: s } : i;
    });
  } catch (err) {
    deps.logger?.warn(
      { err: err instanceof Error ? err.message : String(err) },
      "App Home: incidents' status not read",
    );
    return incidents;
  }
}
