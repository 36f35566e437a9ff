import type { types } from '@slack/bolt';
import type { HomeData, HomeIncident } from '../app/app-home.js';
import { RAISED_STATUS } from '../core/incident-status.js';
import type { Band } from '../core/score.js';
import { sparkline } from '../render/score-history.js';
import { CLAIM_ACTION, orphanBlockId, orphanHeadline } from './orphan-blocks.js';
import { incidentButtons, incidentControls } from './present/incident-controls.js';
import { context, divider, header, LIMITS, section, type Block } from './present/kit.js';
import { clip, count, dateRef, name, plain } from './present/mrkdwn.js';
import { BAND_ICON, BAND_WORD } from './present/vocabulary.js';
import { acceptedBlocks } from './present/accepted-risks.js';

/** Block Kit's limit for a Home tab view. */
export const HOME_BLOCKS = 100;
/** App Home's `callback_id`. */
export const HOME_VIEW = 'janus.home';

const more = (shown: number, all: number, what: string) =>
  all > shown ? [context(`…and ${(all - shown).toLocaleString('en-US')} more ${what}.`)] : [];

const modelLine = (m: { name: string; score: number; band: Band }, trend?: number[]) =>
  `${BAND_ICON[m.band]} *${name(m.name)}*  ${m.score} · ${BAND_WORD[m.band]}${trend && trend.length > 1 ? `  \`${sparkline(trend)}\`` : ''}`;

/** Which of the viewer's models it hurts, which of their tables it is on, whether it mentioned them, and since when. */
function incidentWhere(i: HomeIncident): string {
  const models = i.models.length
    ? `${i.models.slice(0, 5).map(name).join(', ')}${i.models.length > 5 ? ` and ${i.models.length - 5} more` : ''}`
    : '';
  const parts = [
    models,
    i.table ? `on your table *${name(i.table)}*` : '',
    i.mentioned ? 'an alert mentioned you' : '',
    `since ${dateRef(i.since)}`,
  ];
  return parts.filter(Boolean).join(' · ');
}

function who(d: HomeData): string {
  const i = d.identity;
  if (i.kind === 'known') return `Hello ${plain(i.actor.name)}.`;
  if (i.kind === 'no-email') return 'Argos cannot see your email in Slack, so it cannot tell which models are yours.';
  if (i.kind === 'no-account') return `No DataHub user has the email ${plain(i.email)}: here is the whole catalog.`;
  return `${plain(i.name)} is not an active DataHub user: here is the whole catalog.`;
}

/**
 * App Home (`views.publish`): the viewer's models with band, score and trend; the open incidents on their models, on
 * the tables they own (anyone's, read from DataHub) and in alerts that mentioned them, with the incident controls as
 * the incident is in DataHub now; orphans they could claim; the catalog's at-risk models; a click's answer
 * on top. Within 100 blocks whatever the catalog's size, and every "…and N more" counts exactly what is not shown.
 */
export function homeView(d: HomeData, at: number, notice: Block[] = []): types.HomeView {
  // a click's answer first: Home is the clicker's alone, and where they are looking
  const blocks: Block[] = [header('Argos, Janus’s watchdog'), ...notice.slice(0, 3), section(who(d))];
  if (d.history === 'memory')
    blocks.push(
      context('Janus keeps no history without Redis (`REDIS_URL`): App Home fills in once `janus serve` runs with it.'),
    );

  if (d.ownedCount) {
    blocks.push(divider, section(`*Your models* (${d.ownedCount.toLocaleString('en-US')})`));
    for (const m of d.models) blocks.push(section(modelLine(m, m.trend)));
    blocks.push(...more(d.models.length, d.ownedCount - d.unjudged, 'models'));
    if (d.unjudged) blocks.push(context(`${d.unjudged} not judged yet: they show after the next scan.`));
  } else if (d.identity.kind === 'known') {
    const tables = d.tables ? ` You own ${count(d.tables, 'table', 'tables')}: their open incidents are below.` : '';
    blocks.push(
      divider,
      section(`*You own no model in DataHub.*${tables} Here is what needs an owner’s eye across the catalog.`),
    );
  }

  if (d.ownedCount || d.tables || d.incidentsCount) {
    blocks.push(
      divider,
      section(`*Open incidents on your models and tables* (${d.incidentsCount.toLocaleString('en-US')})`),
    );
    if (d.tables > d.tablesRead)
      blocks.push(
        context(
          `You own ${d.tables.toLocaleString('en-US')} tables: the incidents of the first ${d.tablesRead.toLocaleString('en-US')} are read.`,
        ),
      );
    if (!d.incidents.length) blocks.push(context('None open. :tada:'));
    for (const i of d.incidents) {
      blocks.push(
        section(clip(`*${plain(clip(i.headline, 200))}*\n${incidentWhere(i)}`, LIMITS.sectionText)),
        // as it is in DataHub now; as Janus raised it when DataHub could not say (a click then answers where it is)
        ...(i.status
          ? incidentControls({ urn: i.urn, title: i.headline, status: i.status })
          : [{ type: 'actions' as const, elements: incidentButtons({ urn: i.urn, status: RAISED_STATUS }) }]),
      );
    }
    blocks.push(...more(d.incidents.length, d.incidentsCount, 'incidents'));
  }

  if (d.orphans.length) {
    blocks.push(divider, section(`*Nobody owns these* (${d.orphansCount}): claim one to become its technical owner`));
    for (const o of d.orphans)
      blocks.push({
        type: 'section',
        block_id: orphanBlockId(o.urn),
        text: {
          type: 'mrkdwn',
          text: clip(
            `*${orphanHeadline({ ...o, models: o.models.map((urn) => ({ urn, name: urn })), yours: false })}*`,
            LIMITS.sectionText,
          ),
        },
        accessory: {
          type: 'button',
          action_id: CLAIM_ACTION,
          text: { type: 'plain_text', text: 'Claim ownership', emoji: true },
          value: o.urn,
        },
      });
    blocks.push(...more(d.orphans.length, d.orphansCount, 'orphans'));
  }

  blocks.push(divider, section(`*At risk across the catalog* (${d.atRiskCount})`));
  if (!d.atRisk.length) blocks.push(context('Every judged model is trusted.'));
  for (const m of d.atRisk) blocks.push(section(modelLine(m)));
  blocks.push(...more(d.atRisk.length, d.atRiskCount, 'models'));
  blocks.push(...acceptedBlocks(d.accepted ?? []));
  blocks.push(context(`Updated ${dateRef(new Date(at).toISOString())} from the latest scans.`));
  return { type: 'home', callback_id: HOME_VIEW, blocks: blocks.slice(0, HOME_BLOCKS) };
}
