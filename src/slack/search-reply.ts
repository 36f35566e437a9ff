import type { CatalogSearch, SearchHit } from '../app/search-catalog.js';
import { answer } from './command-replies.js';
import type { SlackMessage } from './present/kit.js';
import { section } from './present/kit.js';
import { fitLines, listBlocks } from './present/list.js';
import { count, link, mrkdwn } from './present/mrkdwn.js';
import { BAND_ICON, BAND_WORD } from './present/vocabulary.js';

/** Rows a search answer lists at most. */
const ROWS = 20;

export interface SearchLinks {
  /** A model's Model Impact Report. */
  reportUrl: (modelUrn: string) => string | undefined;
  /** An entity's page in DataHub's UI, where configured. */
  datahubUrl: (urn: string) => string | undefined;
}

function hitLine(h: SearchHit, links: SearchLinks): string {
  if (h.kind === 'dataset') return `:card_file_box: ${link(links.datahubUrl(h.urn), h.name)}  · dataset`;
  const url = links.reportUrl(h.urn) ?? links.datahubUrl(h.urn);
  const verdict = h.verdict
    ? `${BAND_ICON[h.verdict.band]} ${link(url, h.name)}  ${h.verdict.score}/100, ${BAND_WORD[h.verdict.band]}`
    : `:grey_question: ${link(url, h.name)}  not judged yet`;
  return `${verdict}  · model`;
}

/** `/janus search <text>`: the models (with their bands) and datasets DataHub's search ranks for it, each a link. Pure. */
export function searchMessage(s: CatalogSearch, links: SearchLinks): SlackMessage {
  const q = mrkdwn(s.query);
  if (!s.hits.length) {
    const text = `Nothing in DataHub matches \`${q}\`: no model, no dataset.`;
    return answer(text, [section(text)]);
  }
  const list = fitLines(
    s.hits.map((h) => hitLine(h, links)),
    { rows: ROWS },
  );
  const hidden = s.total - list.shown;
  const text = `\`${q}\`: ${count(s.total, 'match', 'matches')} in DataHub`;
  return answer(text, [
    section(`*${text}* (models and datasets, best first):`),
    ...listBlocks({ ...list, hidden }, ['match', 'matches'], {
      label: 'a longer text narrows the search; `/janus trust <name>` answers for any of them',
    }),
  ]);
}
