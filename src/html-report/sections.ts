import { narrate } from '../core/argos.js';
import { shortName } from '../core/names.js';
import type { ModelListBits } from '../core/other-models.js';
import type { ModelRef, Verdict } from '../core/verdict.js';
import { safeUrl } from '../core/links.js';
import { esc } from './escape.js';
import { evidenceHtml, type EntityLink } from './evidence.js';
import { BAND_LABEL, SEVERITY_SWATCH } from './palette.js';

/** One of Janus's open incidents in DataHub, as the report lists it. */
export interface ReportIncident {
  urn: string;
  key: string;
  title: string;
  state: string;
  stage: string | null;
  dataset: string;
}

export function heroHtml(v: Verdict): string {
  const capped = v.capped ? `<p class="capped">held down by a ${esc(v.capped.severity)} finding</p>` : '';
  return `<header class="hero">
<div class="hero-text"><p class="eyebrow">Janus · Model Impact Report</p><h1>${esc(v.model.name)}</h1><p class="urn"><code>${esc(v.model.urn)}</code></p></div>
<div class="score-card band-${v.band}" aria-label="trust score"><div><span class="score-value">${v.score}</span><span class="score-max">/100</span></div><span class="band" data-band="${v.band}">${BAND_LABEL[v.band]}</span>${capped}</div>
</header>`;
}

export function argosHtml(v: Verdict, bits?: ModelListBits): string {
  const [opening, ...rest] = narrate(v, bits);
  const items = rest.length ? `<ul>${rest.map((l) => `<li>${esc(l)}</li>`).join('')}</ul>` : '';
  return `<section class="card argos" aria-label="Argos"><div class="who">Argos, Janus's watchdog</div><p class="opening">${esc(opening)}</p>${items}</section>`;
}

export function deductionsHtml(v: Verdict, entity: EntityLink): string {
  if (!v.findings.length)
    return `<section class="card"><h2>Deductions</h2><p class="muted">None: the score is a full 100.</p></section>`;
  const rows = v.findings.map(
    (f) =>
      `<tr><td class="weight">−${f.weight}</td><td><code>${esc(f.detector)}</code></td><td>${severityPill(f.severity)}</td><td>${entity(f.entity)}</td><td>${esc(f.message)}</td></tr>`,
  );
  return `<section class="card"><h2>Deductions</h2><div class="table-wrap"><table><thead><tr><th>Weight</th><th>Detector</th><th>Severity</th><th>Entity</th><th>Reason</th></tr></thead><tbody>${rows.join('')}</tbody></table></div></section>`;
}

export function evidenceSectionHtml(v: Verdict, entity: EntityLink): string {
  if (!v.findings.length) return '';
  const cards = v.findings.map(
    (f) =>
      `<article class="finding"><h3>${severityPill(f.severity)}<code>${esc(f.detector)}</code> on ${entity(f.entity)}</h3><p>${esc(f.message)}</p>${evidenceHtml(f, entity)}</article>`,
  );
  return `<section class="card"><h2>Evidence</h2>${cards.join('')}</section>`;
}

export function blastRadiusHtml(v: Verdict, entity: EntityLink, reportHref: (m: ModelRef) => string): string {
  if (!v.blastRadius.length)
    return `<section class="card"><h2>Blast radius</h2><p class="muted">No offending dataset whose trouble reaches other models.</p></section>`;
  const rows = v.blastRadius.map((b) => {
    const chips = b.models.map((m) => {
      const self = m.urn === v.model.urn;
      return `<span class="chip${self ? ' self' : ''}"><a href="${esc(reportHref(m))}" title="${esc(m.urn)}">${esc(m.name)}</a>${self ? ' · this model' : ''}</span>`;
    });
    return `<div>${entity(b.dataset)}</div><div class="models">${chips.join('') || '<span class="muted">no model downstream</span>'}</div>`;
  });
  return `<section class="card"><h2>Blast radius</h2><p class="muted">Each offending dataset, and every model downstream of it.</p><div class="blast">${rows.join('')}</div></section>`;
}

/** Janus's incidents still open in DataHub; omitted when they were not read. */
export function incidentsHtml(incidents: ReportIncident[] | undefined, entity: EntityLink): string {
  if (!incidents) return '';
  const open = incidents.filter((i) => i.state !== 'RESOLVED');
  if (!open.length)
    return `<section class="card"><h2>Open incidents</h2><p class="muted">No open Janus incident.</p></section>`;
  const rows = open.map(
    (i) =>
      `<tr><td>${esc(i.title)}</td><td>${entity(i.dataset)}</td><td>${esc(i.state)}</td><td>${esc(i.stage ?? '—')}</td><td><code title="${esc(i.urn)}">${esc(shortName(i.urn))}</code></td></tr>`,
  );
  return `<section class="card"><h2>Open incidents</h2><div class="table-wrap"><table><thead><tr><th>Title</th><th>Dataset</th><th>State</th><th>Stage</th><th>Incident</th></tr></thead><tbody>${rows.join('')}</tbody></table></div></section>`;
}

export function metaHtml(v: Verdict, entity: EntityLink): string {
  const datahub = safeUrl(v.datahub);
  const items: Array<[string, string]> = [
    [
      'Scanned at',
      `<time datetime="${esc(v.scannedAt)}">${esc(v.scannedAt.slice(0, 19).replace('T', ' '))} UTC</time>`,
    ],
    ['DataHub', datahub ? `<a href="${esc(datahub)}">${esc(v.datahub)}</a>` : esc(v.datahub)],
    ['Upstream entities walked', String(v.upstreamCount)],
    ['Label column', v.label ? entity(v.label.column) : '<span class="muted">not found</span>'],
  ];
  return `<section class="card"><div class="meta">${items.map(([k, val]) => `<div><span class="k">${esc(k)}</span><strong>${val}</strong></div>`).join('')}</div></section>`;
}

export const severityPill = (s: keyof typeof SEVERITY_SWATCH) => `<span class="pill sev-${s}">${s}</span>`;
