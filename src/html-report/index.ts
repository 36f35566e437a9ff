/** The Model Impact Report: a verdict (plus its graph and open incidents) as one self-contained HTML page. */
export { atRiskPageHtml, errorPageHtml, modelReportHtml, type AtRiskRow, type ReportOptions } from './html.js';
export { layoutPicture, type Layout, type PlacedEdge, type PlacedNode } from './layout.js';
export { reportFileName } from './paths.js';
export { lineagePicture, type Picture, type PictureEdge, type PictureNode } from './picture.js';
export type { ReportIncident } from './sections.js';
export { lineageSvg } from './svg.js';
