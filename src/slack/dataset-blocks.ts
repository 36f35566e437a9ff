import type { DatasetIncident, DatasetStanding } from '../app/dataset-standing.js';
import type { Finding } from '../core/finding.js';
import type { ModelSummary } from '../history/index.js';
import { incidentControls } from './present/incident-controls.js';
import { context, LIMITS, LINK_ACTIONS, section, type Block, type SlackMessage } from './present/kit.js';
import { fitLines, listBlocks } from './present/list.js';
import { clip, count, link, mrkdwn, name, slackDate } from './present/mrkdwn.js';
import { BAND_ICON, BAND_WORD, SEVERITY_ICON } from './present/vocabulary.js';

/**
 * A dataset as people upstream of the models see it: what is wrong there (its open incidents, whoever raised them, and
 * the findings rooted on it) and the models it hurts. The unfurl's compact card and `/janus trust <dataset>`'s answer.
 * Pure.
 */

export interface DatasetLinks {
  /** A model's Model Impact Report. */
  reportUrl: (modelUrn: string) => string | undefined;
  /** The dataset in DataHub's UI. */
  datahubUrl?: string;
}

/** The one-line verdict: not in DataHub, nothing wrong, or what is wrong and how many models it hurts. */
export function datasetHeadline(s: DatasetStanding): string {
  const title = `*${name(s.name)}*`;
  if (!s.held) return `:grey_question: ${title}: not in DataHub (no dataset has this urn)`;
  const wrong = [
    ...(s.incidents.length ? [count(s.incidents.length, 'open incident', 'open incidents')] : []),
    ...(s.findings.length ? [count(s.findings.length, 'finding', 'findings')] : []),
  ];
  if (!wrong.length && !s.hurt.length)
    return `${BAND_ICON.trusted} ${title}: no open incident, and no model Janus judged has a finding rooted here`;
  const worst = s.hurt[0];
  const icon = worst ? BAND_ICON[worst.band] : ':rotating_light:';
  const hurts = s.hurt.length ? `, hurting ${count(s.hurt.length, 'model', 'models')}` : '';
  return `${icon} ${title}: ${wrong.join(', ') || 'findings named here'}${hurts}`;
}

const incidentLine = (i: DatasetIncident) =>
  `${i.status.stage === 'INVESTIGATION' || i.status.stage === 'WORK_IN_PROGRESS' ? ':eyes:' : ':rotating_light:'} ${mrkdwn(clip(i.title, 120))} · ${i.janus ? 'raised by Janus' : 'raised in DataHub'}${i.priority ? ` · ${mrkdwn(i.priority.toLowerCase())}` : ''}`;

const findingLine = (f: Finding) =>
  `${SEVERITY_ICON[f.severity]} ${mrkdwn(f.severity)} · ${mrkdwn(clip(f.message, 280))}`;

const modelLine = (m: ModelSummary, reportUrl: (urn: string) => string | undefined) =>
  `${BAND_ICON[m.band]} ${link(reportUrl(m.urn), m.name)}  *${m.score}*/100, ${BAND_WORD[m.band]}`;

function asOf(s: DatasetStanding): string {
  return s.judgedAt
    ? `Janus · incidents as DataHub holds them now, findings as of the scan at ${slackDate(s.judgedAt)}`
    : 'Janus · incidents as DataHub holds them now';
}

/** The unfurl's card: the headline, up to 3 incidents, the top finding, the worst 3 models hurt. */
export function datasetCard(s: DatasetStanding, links: DatasetLinks): Block[] {
  if (!s.held) return [section(datasetHeadline(s))];
  const parts = [datasetHeadline(s)];
  if (s.incidents.length)
    parts.push(
      `*Open incidents:*\n${s.incidents.slice(0, 3).map(incidentLine).join('\n')}${s.incidents.length > 3 ? `\n…and ${s.incidents.length - 3} more` : ''}`,
    );
  if (s.findings[0]) parts.push(`*Top finding:* ${findingLine(s.findings[0])}`);
  if (s.hurt.length)
    parts.push(
      `*Hurts:* ${s.hurt
        .slice(0, 3)
        .map((m) => `${name(m.name)} ${m.score}/100 ${BAND_WORD[m.band]}`)
        .join(', ')}${s.hurt.length > 3 ? ` and ${s.hurt.length - 3} more` : ''}`,
    );
  else if (s.downstream)
    parts.push(`${count(s.downstream, 'model reads', 'models read')} it; none has a finding rooted here.`);
  const report = s.hurt[0] && links.reportUrl(s.hurt[0].urn);
  const button: Block[] = report
    ? [
        {
          type: 'actions',
          elements: [
            {
              type: 'button',
              action_id: LINK_ACTIONS.report,
              text: { type: 'plain_text', text: `Open ${clip(s.hurt[0]!.name, 60)}'s report` },
              url: report,
            },
          ],
        },
      ]
    : [];
  return [section(clip(parts.join('\n'), LIMITS.sectionText)), ...button, context(asOf(s))];
}

/** Rows of each list `/janus trust <dataset>` shows. */
const ROWS = { findings: 10, models: 15, incidents: 5 } as const;

/** `/janus trust <dataset>`: what is wrong there, its open incidents with their buttons, the models it hurts. */
export function datasetTrustMessage(s: DatasetStanding, links: DatasetLinks): SlackMessage {
  const text = datasetHeadline(s)
    .replace(/^:[a-z_]+: /, '')
    .replace(/\*/g, '');
  if (!s.held) return { text, blocks: [section(datasetHeadline(s))] };
  const blocks: Block[] = [
    section(`${datasetHeadline(s)}${links.datahubUrl ? `\n${link(links.datahubUrl, 'Open in DataHub')}` : ''}`),
  ];
  if (s.findings.length) {
    blocks.push(section('*What is wrong here*'));
    blocks.push(...listBlocks(fitLines(s.findings.map(findingLine), { rows: ROWS.findings }), ['finding', 'findings']));
  }
  blocks.push(section(`*Open incidents* (${s.incidents.length})`));
  if (!s.incidents.length) blocks.push(context('None open in DataHub.'));
  for (const i of s.incidents.slice(0, ROWS.incidents))
    blocks.push(section(incidentLine(i)), ...incidentControls({ urn: i.urn, title: i.title, status: i.status }));
  if (s.incidents.length > ROWS.incidents)
    blocks.push(context(`…and ${s.incidents.length - ROWS.incidents} more open incidents: DataHub lists them.`));
  blocks.push(section(`*Models it hurts* (${s.hurt.length})`));
  if (s.hurt.length)
    blocks.push(
      ...listBlocks(
        fitLines(
          s.hurt.map((m) => modelLine(m, links.reportUrl)),
          { rows: ROWS.models },
        ),
        ['model', 'models'],
      ),
    );
  else
    blocks.push(
      context(
        s.downstream
          ? `${count(s.downstream, 'model reads', 'models read')} it; none has a finding rooted here.`
          : 'No ML model reads it.',
      ),
    );
  blocks.push(context(asOf(s)));
  return { text, blocks };
}
