import type { DatasetStanding } from '../app/dataset-standing.js';
import { severityRank } from '../core/finding.js';
import { shortName } from '../core/names.js';
import type { Verdict } from '../core/verdict.js';
import type { VerdictHistory } from '../history/index.js';
import { reportPath } from '../core/links.js';
import { context, LINK_ACTIONS, section, type Block } from './present/kit.js';
import { clip, mrkdwn, name, plain, slackDate } from './present/mrkdwn.js';
import { BAND_ICON, BAND_WORD } from './present/vocabulary.js';
import { datasetCard } from './dataset-blocks.js';

/**
 * Link unfurls (`link_shared` → `chat.unfurl`): a DataHub model or dataset page, or a Janus report, pasted in Slack
 * becomes a compact card. A model's comes from the scan history and the alerts' state (no DataHub read); a dataset's
 * asks DataHub whether it holds it and what incidents are open on it (app/dataset-standing.ts).
 */

export interface LinkTarget {
  urn: string;
  kind: 'model' | 'dataset';
}

/** What a pasted URL points at, when it is one of the pages Janus unfurls. */
export function linkTarget(url: string, o: { datahubUiUrl?: string; reportBaseUrl?: string }): LinkTarget | undefined {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return undefined;
  }
  const under = (base: string | undefined): string | undefined => {
    if (!base) return undefined;
    let b: URL;
    try {
      b = new URL(base);
    } catch {
      return undefined;
    }
    if (b.host.toLowerCase() !== u.host.toLowerCase()) return undefined;
    const root = b.pathname.replace(/\/+$/, '');
    return u.pathname.startsWith(`${root}/`) ? u.pathname.slice(root.length) : undefined;
  };
  const decoded = (segment: string | undefined) => {
    if (!segment) return undefined;
    try {
      return decodeURIComponent(segment);
    } catch {
      return undefined;
    }
  };
  const ui = under(o.datahubUiUrl);
  if (ui) {
    const [, page, urn] = ui.split('/');
    const target = decoded(urn);
    if (page === 'mlModels' && target?.startsWith('urn:li:mlModel:')) return { urn: target, kind: 'model' };
    if (page === 'dataset' && target?.startsWith('urn:li:dataset:')) return { urn: target, kind: 'dataset' };
  }
  const janus = under(o.reportBaseUrl);
  if (janus) {
    const prefix = reportPath('').replace(/\/$/, '');
    const [, page, urn] = janus.split('/');
    const target = decoded(urn);
    if (`/${page}` === prefix && target?.startsWith('urn:li:mlModel:')) return { urn: target, kind: 'model' };
  }
  return undefined;
}

/** An open alert, as the card names it. */
export interface OpenAlert {
  headline: string;
  acknowledged: boolean;
}

export interface UnfurlDeps {
  history: VerdictHistory;
  /** The open alerts listing these models or about these root causes (finding keys): the alerts' state in Redis. */
  openAlerts?: (models: string[], keys: string[]) => Promise<OpenAlert[]>;
  reportUrl: (modelUrn: string) => string | undefined;
  /** A dataset's standing: its open incidents in DataHub, the findings rooted there, the models they hurt. */
  dataset: (urn: string) => Promise<DatasetStanding>;
}

/** The card for one link, or undefined for a link that is not Janus's to unfurl. */
export async function unfurlCard(deps: UnfurlDeps, target: LinkTarget): Promise<Block[]> {
  if (target.kind === 'model') {
    const v = await deps.history.latestVerdict(target.urn);
    if (!v) return neverJudged(target);
    const alerts =
      (await deps.openAlerts?.(
        [v.model.urn],
        v.findings.map((f) => f.key),
      )) ?? [];
    return modelCard(v, alerts, deps.reportUrl(v.model.urn));
  }
  return datasetCard(await deps.dataset(target.urn), { reportUrl: deps.reportUrl });
}

function neverJudged(t: LinkTarget): Block[] {
  return [
    section(`*${name(shortName(t.urn))}*\nJanus has never judged this model: it is not in the scan history yet.`),
  ];
}

function alertLines(alerts: OpenAlert[]): string {
  if (!alerts.length) return '*Open incidents:* none';
  const listed = alerts
    .slice(0, 3)
    .map((a) => `${a.acknowledged ? ':eyes:' : ':rotating_light:'} ${plain(clip(a.headline, 120))}`);
  const more = alerts.length > 3 ? ` and ${alerts.length - 3} more` : '';
  return `*Open incidents:* ${alerts.length}\n${listed.join('\n')}${more}`;
}

const reportButton = (url: string | undefined): Block[] =>
  url
    ? [
        {
          type: 'actions',
          elements: [
            {
              type: 'button',
              action_id: LINK_ACTIONS.report,
              text: { type: 'plain_text', text: 'Open report' },
              url,
            },
          ],
        },
      ]
    : [];

export function modelCard(v: Verdict, alerts: OpenAlert[], reportUrl: string | undefined): Block[] {
  const top = [...v.findings].sort(
    (a, b) => severityRank(b.severity) - severityRank(a.severity) || b.weight - a.weight,
  )[0];
  const finding = top
    ? `*Top finding:* ${mrkdwn(top.severity)} · ${plain(clip(top.message, 280))}`
    : '*Top finding:* none';
  return [
    section(`${BAND_ICON[v.band]} *${name(v.model.name)}*: *${v.score}*/100, ${BAND_WORD[v.band]}\n${finding}`),
    section(alertLines(alerts)),
    ...reportButton(reportUrl),
    context(`Janus · as of the scan at ${slackDate(v.scannedAt)}`),
  ];
}
