import type { AcceptanceStanding } from '../core/acceptance/standing.js';
import { detectorOfKey } from '../core/writeback/conventions.js';
import { esc } from './escape.js';
import type { EntityLink } from './evidence.js';
import { severityPill } from './sections.js';

const STATUS: Record<AcceptanceStanding['status'], string> = {
  active: 'accepted',
  lapsed: 'lapsed',
  clear: 'finding cleared',
};

const when = (iso: string | undefined) =>
  iso
    ? `<time datetime="${esc(iso)}">${esc(iso.slice(0, 16).replace('T', ' '))} UTC</time>`
    : '<span class="muted">—</span>';

/** What a finding key is about, for one whose finding is gone: the urn after the detector (a leak's: its feature). */
function subjectOf(key: string): string {
  const rest = key.slice(key.indexOf(':') + 1);
  const next = rest.indexOf(':urn:li:');
  return next > 0 ? rest.slice(0, next) : rest;
}

function rowHtml(s: AcceptanceStanding, entity: EntityLink): string {
  const a = s.acceptance;
  const status = `<span class="pill acc-${s.status}">${STATUS[s.status]}</span>${s.lapse ? `<div class="muted">${esc(s.lapse)}</div>` : ''}`;
  const finding = `${s.finding ? `${severityPill(s.finding.severity)} ` : ''}<code title="${esc(a.key)}">${esc(detectorOfKey(a.key))}</code>`;
  const by = `${esc(a.by)}${a.source === 'file' ? '<div class="muted">.janus/accepted.yml</div>' : ''}`;
  const cells = [
    status,
    finding,
    entity(s.finding?.entity ?? subjectOf(a.key)),
    by,
    esc(a.reason),
    when(a.at),
    when(a.until),
  ];
  return `<tr>${cells.map((c) => `<td>${c}</td>`).join('')}</tr>`;
}

/**
 * The audit list: every acceptance the model holds, in force or lapsed (and why), with who, why, when and until
 * (docs/accepted-risk.md). Left out when the model holds none.
 */
export function acceptedRisksHtml(standings: readonly AcceptanceStanding[], entity: EntityLink): string {
  if (!standings.length) return '';
  const active = standings.filter((s) => s.status === 'active').length;
  const them = active === 1 ? 'its finding' : 'their findings';
  const lead = `${active} in force, leaving ${them} out of the score; a lapsed one counts again.`;
  const head = ['Status', 'Finding', 'Entity', 'By', 'Reason', 'Accepted', 'Until'].map((h) => `<th>${h}</th>`);
  return `<section class="card" aria-label="accepted risks"><h2>Accepted risks</h2><p class="muted">${esc(lead)}</p><div class="table-wrap"><table><thead><tr>${head.join('')}</tr></thead><tbody>${standings.map((s) => rowHtml(s, entity)).join('')}</tbody></table></div></section>`;
}
