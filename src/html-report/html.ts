import { acceptanceStandings } from '../core/acceptance/standing.js';
import { acceptancesOf } from '../core/acceptance/stored.js';
import type { UpstreamGraph } from '../core/graph.js';
import { shortName } from '../core/names.js';
import type { ModelListBits } from '../core/other-models.js';
import type { ModelRef, Verdict } from '../core/verdict.js';
import { acceptedRisksHtml } from './accepted.js';
import { esc } from './escape.js';
import type { EntityLink } from './evidence.js';
import { layoutPicture } from './layout.js';
import { SEVERITY_SWATCH } from './palette.js';
import { entityUrl, reportPath } from '../core/links.js';
import { lineagePicture } from './picture.js';
import {
  argosHtml,
  blastRadiusHtml,
  deductionsHtml,
  evidenceSectionHtml,
  heroHtml,
  incidentsHtml,
  metaHtml,
  type ReportIncident,
} from './sections.js';
import { REPORT_CSS } from './style.js';
import { lineageSvg } from './svg.js';

export interface ReportOptions {
  /** Janus's open incidents on the model's upstream datasets; the section is left out when undefined. */
  incidents?: ReportIncident[];
  /** DataHub's web UI (e.g. `http://localhost:9002`): entity names link to their pages there. */
  datahubUiUrl?: string;
  /** The model's upstream graph (`judgeModel` returns it): the picture then follows the real lineage paths. */
  graph?: UpstreamGraph;
  /** Where another model's report lives (default: its `janus serve` path). */
  reportHref?: (model: ModelRef) => string;
  /** Shared by the reports of one catalog rendered together (`--report-dir`): their blast radii are counted cheaply. */
  modelLists?: ModelListBits;
  /** When the rules judged (`judge.asOf`), if not the verdict's `scannedAt`: tells which acceptances have ended. */
  judgedAt?: number;
}

/** The Model Impact Report: one self-contained HTML page (inline CSS and SVG, no script) over a verdict. Pure. */
export function modelReportHtml(v: Verdict, opts: ReportOptions = {}): string {
  const entity: EntityLink = (urn) => {
    const href = entityUrl(opts.datahubUiUrl, urn);
    const name = esc(shortName(urn));
    return href ? `<a href="${esc(href)}" title="${esc(urn)}">${name}</a>` : `<span title="${esc(urn)}">${name}</span>`;
  };
  const body = [
    heroHtml(v),
    argosHtml(v, opts.modelLists),
    lineageHtml(v, opts),
    deductionsHtml(v, entity),
    acceptedRisksHtml(acceptanceStandings(v, storedAcceptances(opts.graph), judgedAt(v, opts)), entity),
    evidenceSectionHtml(v, entity),
    blastRadiusHtml(v, entity, opts.reportHref ?? ((m) => reportPath(m.urn))),
    incidentsHtml(opts.incidents, entity),
    metaHtml(v, entity),
  ];
  return page(`${v.model.name} · ${v.score}/100 · Janus Model Impact Report`, body.filter(Boolean).join('\n'));
}

/** The acceptances the model holds in DataHub (read with its graph); none known without the graph. */
const storedAcceptances = (graph: UpstreamGraph | undefined) =>
  graph ? acceptancesOf(graph.nodes[graph.model]?.structuredProperties ?? {}) : [];

const judgedAt = (v: Verdict, opts: ReportOptions) => opts.judgedAt ?? Date.parse(v.scannedAt);

function lineageHtml(v: Verdict, opts: ReportOptions): string {
  const picture = lineagePicture(v, opts.graph);
  const svg = lineageSvg(layoutPicture(picture), {
    title: `Upstream lineage of ${v.model.name}: how each finding reaches it`,
    href: (urn) => entityUrl(opts.datahubUiUrl, urn),
  });
  const caption = v.findings.length
    ? 'Data flows left to right into the model. Coloured boxes are where a finding points; coloured lines carry its trouble to the model.'
    : opts.graph
      ? 'Nothing offending upstream: the model and its direct inputs.'
      : 'Nothing offending upstream.';
  const severities = (Object.keys(SEVERITY_SWATCH) as Array<keyof typeof SEVERITY_SWATCH>).reverse();
  const legend = [
    ...severities.map((s) => `<span class="key"><span class="swatch sev-${s}"></span>${s}</span>`),
    `<span class="key"><span class="swatch neutral"></span>on the way</span>`,
    `<span class="key"><span class="swatch dashed"></span>lineage not read</span>`,
  ];
  return `<section class="card" aria-label="lineage"><h2>Lineage</h2><figure style="margin:0"><div class="picture">${svg}</div><figcaption><p class="muted" style="margin:10px 0 0">${esc(caption)}</p>${v.findings.length ? `<div class="legend">${legend.join('')}</div>` : ''}</figcaption></figure></section>`;
}

/** A page for what went wrong (unknown model, DataHub unreadable), in the report's style. */
export function errorPageHtml(title: string, message: string, detail?: string): string {
  const pre = detail ? `<pre>${esc(detail)}</pre>` : '';
  return page(
    `${title} · Janus`,
    `<section class="card error"><p class="eyebrow">Janus · Model Impact Report</p><h1>${esc(title)}</h1><p>${esc(message)}</p>${pre}</section>`,
  );
}

/** A model the last cycle did not trust, as the at-risk page lists it. */
export interface AtRiskRow {
  urn: string;
  name: string;
  score: number;
  band: string;
}

/** Every model the last cycle did not trust, worst first, each linking its report: the rest of a Slack list. */
export function atRiskPageHtml(models: readonly AtRiskRow[]): string {
  const rows = models
    .map(
      (m) =>
        `<tr><td><a href="${esc(reportPath(m.urn))}">${esc(m.name)}</a></td><td>${m.score}/100</td><td>${esc(m.band.replace(/_/g, ' '))}</td></tr>`,
    )
    .join('\n');
  const body = models.length
    ? `<table><thead><tr><th>model</th><th>score</th><th>band</th></tr></thead><tbody>\n${rows}\n</tbody></table>`
    : '<p>Every model the last cycle judged is trusted.</p>';
  return page(
    'Models not trusted · Janus',
    `<section class="card"><p class="eyebrow">Janus · the last cycle</p><h1>${models.length} ${models.length === 1 ? 'model is' : 'models are'} not trusted</h1><p>Worst first; each links its Model Impact Report.</p>${body}</section>`,
  );
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'">
<meta name="robots" content="noindex">
<meta name="generator" content="Janus">
<title>${esc(title)}</title>
<style>
${REPORT_CSS}
</style>
</head>
<body>
<main>
${body}
<footer>Janus · CI for the ML supply chain, built on DataHub</footer>
</main>
</body>
</html>
`;
}
