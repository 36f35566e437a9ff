import { AT_RISK_PATH, reportUrlFor } from '../../core/links.js';
import { BAND_WORD } from '../present/vocabulary.js';
import type { AlertChannel, AlertModel, AlertState } from './types.js';

/**
 * An alert as one channel reads it: the channel's own models, worst first, the worst of them on the first line, and
 * the report of that model. Pure. Each channel of an alert sees its own models, never another channel's.
 */

const BAND_RANK: Record<NonNullable<AlertModel['band']>, number> = { at_risk: 0, caution: 1, trusted: 3 };
/** A model listed only as downstream (no band known) sorts after the moved ones, before the trusted. */
const rank = (m: AlertModel) => (m.band ? BAND_RANK[m.band] : 2);

/** Worst band first, then lowest score, then name (a stable order for the same facts). */
export const worstFirst = (x: AlertModel, y: AlertModel) =>
  rank(x) - rank(y) || (x.score ?? 101) - (y.score ?? 101) || x.name.localeCompare(y.name);

/** The models a channel lists, worst first. */
export function channelModels(a: AlertState, ch: Pick<AlertChannel, 'models'>): AlertModel[] {
  return ch.models
    .map((u) => a.models[u])
    .filter((m): m is AlertModel => !!m)
    .sort(worstFirst);
}

/** `at risk (40)`, or `downstream` when no band is known. */
export const bandNow = (m: Pick<AlertModel, 'band' | 'score'>): string =>
  m.band ? `${BAND_WORD[m.band]}${m.score === undefined ? '' : ` (${m.score})`}` : 'downstream';

/**
 * How a model's band moved, plainly: `caution → at risk (62)`, `first judged: caution (75)` (nothing judged it before),
 * or the band alone when that is all a transition said.
 */
export function bandMove(m: Pick<AlertModel, 'band' | 'from' | 'score'>): string {
  if (!m.band || m.from === undefined) return bandNow(m);
  if (m.from === null) return `first judged: ${bandNow(m)}`;
  return `${BAND_WORD[m.from]} → ${bandNow(m)}`;
}

/** What the alert is about, after the model: the root cause's headline, or how a model's own band began to move. */
function causeOf(a: AlertState, worst: AlertModel | undefined): string {
  if (a.kind === 'cause') return a.trouble ?? a.headline;
  if (!worst || worst.from === undefined) return 'its band moved';
  return worst.from === null ? 'first judged' : `was ${BAND_WORD[worst.from]}, no single root cause`;
}

/**
 * The channel's first line (the header, and what a notification shows): `fraud_detector_v4 → at risk (40): Upstream
 * failure: stg_transactions`, about the channel's own worst model; the cause's headline alone when it lists none.
 */
export function firstLine(a: AlertState, ch: Pick<AlertChannel, 'models'>): string {
  const worst = channelModels(a, ch)[0];
  if (a.status === 'resolved') return resolvedLine(a, worst);
  if (!worst) return a.headline;
  const where = worst.band ? `${worst.name} → ${bandNow(worst)}` : `${worst.name} (downstream)`;
  return `${where}: ${causeOf(a, worst)}`;
}

/** A resolved alert's first line: what cleared, then the channel's worst model as it is now. */
function resolvedLine(a: AlertState, worst: AlertModel | undefined): string {
  if (a.kind === 'model' && worst) return `Resolved: ${worst.name} ${bandNow(worst)} again`;
  const now = worst?.band ? ` — ${worst.name} now ${bandNow(worst)}` : '';
  return `${a.accepted ? 'Accepted' : 'Resolved'}: ${a.trouble ?? a.headline}${now}`;
}

/** The report a channel's "Open report" opens: its own worst model's (else the alert's first model's). */
export function reportFor(a: AlertState, ch: Pick<AlertChannel, 'models'>): string | undefined {
  const worst = channelModels(a, ch)[0];
  if (a.links.reportBase && worst) return reportUrlFor(a.links.reportBase, worst.urn);
  return a.links.report;
}

/** Where the models a message does not name are listed: Janus's at-risk page, else the channel's report. */
export function restOf(a: AlertState, ch: Pick<AlertChannel, 'models'>): { url?: string; label: string } {
  if (a.links.reportBase)
    return {
      url: `${a.links.reportBase.replace(/\/+$/, '')}${AT_RISK_PATH}`,
      label: 'Janus lists every model not trusted',
    };
  const url = reportFor(a, ch);
  return url ? { url, label: 'the report lists them' } : { label: 'the report lists them' };
}
