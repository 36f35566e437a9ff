import type { IncidentStatus } from '../core/incident-status.js';
import type { Band } from '../core/score.js';
import type { Logger } from '../log.js';
import type { ModelSummary, VerdictHistory } from '../history/index.js';
import type { Identity } from './incident-identity.js';

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
}

export interface HomeData {
  /** Who the viewer is in DataHub, or why Argos cannot tell. */
  identity: Identity;
  /** The viewer's models (directly or through a group), worst first; `ownedCount` of them in all. */
  models: HomeModel[];
  ownedCount: number;
  /** Owned models the scan history has not judged yet. */
  unjudged: number;
  /** The newest open incidents on the viewer's models, `incidentsCount` in all. */
  incidents: HomeIncident[];
  incidentsCount: number;
  /** The catalog's models not trusted, worst first, and how many in all. */
  atRisk: ModelSummary[];
  atRiskCount: number;
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
  logger?: Logger;
}

/**
 * What App Home shows a Slack member, from what the service keeps in Redis: no DataHub walk (one search by email
 * names the viewer, cached with the incident buttons' identities).
 */
export async function homeData(deps: HomeDeps, slackId: string): Promise<HomeData> {
  const identity = await deps.identity(slackId);
  const owners = identity.kind === 'known' ? [identity.actor.urn, ...identity.actor.groups] : [];
  const [owned, latest, orphans, alerts] = await Promise.all([
    deps.orphans?.ownedBy(owners) ?? Promise.resolve([]),
    deps.history.latest(),
    deps.orphans?.all() ?? Promise.resolve([]),
    deps.alerts?.() ?? Promise.resolve([]),
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
  const incidents = alerts
    .filter((a) => a.status === 'open' && a.incident && Object.keys(a.models).some((m) => mine.has(m)))
    .sort((a, b) => b.raisedAt - a.raisedAt)
    .map((a): HomeIncident => ({
      urn: a.incident!,
      headline: a.headline,
      ...(a.severity ? { severity: a.severity } : {}),
      models: Object.keys(a.models)
        .filter((m) => mine.has(m))
        .map((m) => a.models[m]?.name ?? names.get(m) ?? m),
      since: a.since,
    }));
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
    atRisk: atRisk.slice(0, HOME_ROWS.atRisk),
    atRiskCount: atRisk.length,
    orphans: claimable.slice(0, HOME_ROWS.orphans),
    orphansCount: claimable.length,
    history: deps.history.kind,
  };
}

/** The incidents with their status in DataHub now; as they are when DataHub cannot say (Home still draws). */
async function withStatus(deps: HomeDeps, incidents: HomeIncident[]): Promise<HomeIncident[]> {
  if (!incidents.length || !deps.incidentStatuses) return incidents;
  try {
    const now = await deps.incidentStatuses(incidents.map((i) => i.urn));
    return incidents.map((i) => {
      const s = now.get(i.urn)?.status;
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
