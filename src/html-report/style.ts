import type { Severity } from '../core/finding.js';
import type { Band } from '../core/score.js';
import { BAND_SWATCH, FONT, MONO, NEUTRAL, SEVERITY_SWATCH } from './palette.js';

const severityRules = (Object.keys(SEVERITY_SWATCH) as Severity[])
  .map(
    (s) =>
      `.sev-${s}{color:${SEVERITY_SWATCH[s].ink};background:${SEVERITY_SWATCH[s].fill};border-color:${SEVERITY_SWATCH[s].ink}}`,
  )
  .join('\n');
const bandRules = (Object.keys(BAND_SWATCH) as Band[])
  .map(
    (b) =>
      `.band-${b} .score-value{color:${BAND_SWATCH[b].ink}}\n.band-${b} .band{color:${BAND_SWATCH[b].ink};background:${BAND_SWATCH[b].fill}}\n.band-${b}.score-card{border-top-color:${BAND_SWATCH[b].ink}}`,
  )
  .join('\n');

/** The report's one stylesheet, inlined: the page needs nothing from the network. */
export const REPORT_CSS = `
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:#f5f7fa;color:${NEUTRAL.ink};font:15px/1.55 ${FONT}}
main{max-width:1180px;margin:0 auto;padding:32px 28px 56px}
a{color:#175cd3;text-decoration:none}
a:hover{text-decoration:underline}
code,.mono{font-family:${MONO};font-size:.86em}
h1{font-size:30px;line-height:1.2;margin:4px 0 6px;font-weight:700;letter-spacing:-.01em;overflow-wrap:anywhere}
h2{font-size:13px;font-weight:700;letter-spacing:.06em;text-transform:uppercase;color:${NEUTRAL.muted};margin:0 0 14px}
p{margin:0 0 8px}
.eyebrow{font-size:13px;font-weight:600;color:${NEUTRAL.muted};letter-spacing:.04em;text-transform:uppercase;margin:0}
.urn{color:${NEUTRAL.muted};overflow-wrap:anywhere;margin:0}
.hero{display:flex;gap:24px;align-items:stretch;justify-content:space-between;margin-bottom:20px}
.hero-text{min-width:0;align-self:center}
.score-card{flex:none;min-width:210px;background:#fff;border:1px solid #eaecf0;border-top:5px solid ${NEUTRAL.border};border-radius:14px;padding:16px 22px;text-align:center;box-shadow:0 1px 2px rgba(16,24,40,.05)}
.score-value{font-size:64px;font-weight:800;line-height:1;letter-spacing:-.03em}
.score-max{font-size:20px;font-weight:600;color:${NEUTRAL.muted};margin-left:2px}
.band{display:inline-block;margin-top:10px;padding:3px 12px;border-radius:999px;font-size:13px;font-weight:700;letter-spacing:.03em;text-transform:uppercase}
.capped{font-size:12px;color:${NEUTRAL.muted};margin:8px 0 0}
.card{background:#fff;border:1px solid #eaecf0;border-radius:14px;padding:22px 24px;margin-bottom:18px;box-shadow:0 1px 2px rgba(16,24,40,.05)}
.argos{border-left:5px solid ${NEUTRAL.ink}}
.argos .opening{font-size:18px;font-weight:650;margin-bottom:10px}
.argos .who{font-size:12px;font-weight:700;letter-spacing:.06em;text-transform:uppercase;color:${NEUTRAL.muted};margin-bottom:6px}
.argos ul{margin:0;padding-left:20px}
.argos li{margin:4px 0}
.picture{overflow-x:auto;padding:4px 0 8px}
.picture svg{display:block;max-width:100%;height:auto}
.legend{display:flex;flex-wrap:wrap;gap:6px 16px;font-size:13px;color:${NEUTRAL.muted};margin-top:10px}
.legend .key{display:inline-flex;align-items:center;gap:6px}
.swatch{display:inline-block;width:14px;height:14px;border-radius:4px;border:2px solid}
.swatch.neutral{border-color:${NEUTRAL.border};background:#fff;border-width:1px}
.swatch.dashed{width:22px;height:0;border-width:2px 0 0;border-style:dashed;border-color:${NEUTRAL.line};border-radius:0}
table{width:100%;border-collapse:collapse;font-size:14px}
.table-wrap{overflow-x:auto}
th{text-align:left;font-size:12px;font-weight:700;letter-spacing:.04em;text-transform:uppercase;color:${NEUTRAL.muted};border-bottom:1px solid #eaecf0;padding:8px 10px}
td{border-bottom:1px solid #f2f4f7;padding:10px;vertical-align:top}
tr:last-child td{border-bottom:0}
td.weight{font-weight:700;font-variant-numeric:tabular-nums;white-space:nowrap;width:1%}
.pill{display:inline-block;padding:1px 9px;border:1px solid;border-radius:999px;font-size:12px;font-weight:700;white-space:nowrap}
.finding{border-top:1px solid #f2f4f7;padding:16px 0 6px}
.finding:first-of-type{border-top:0;padding-top:0}
.finding h3{font-size:16px;margin:0 0 6px;display:flex;gap:10px;align-items:center;flex-wrap:wrap}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:6px 18px;margin:10px 0 0;font-size:14px}
dl.facts dt{color:${NEUTRAL.muted}}
dl.facts dd{margin:0;overflow-wrap:anywhere}
ol.chain{list-style:none;display:flex;flex-wrap:wrap;align-items:center;gap:6px;padding:0;margin:8px 0 0}
ol.chain li{display:inline-flex;align-items:center;gap:6px}
ol.chain li+li::before{content:"\\2192";color:${NEUTRAL.muted}}
.step{font-family:${MONO};font-size:12.5px;padding:3px 8px;border:1px solid #eaecf0;border-radius:6px;background:#f9fafb}
.step.shared{border-color:${SEVERITY_SWATCH.critical.ink};background:${SEVERITY_SWATCH.critical.fill};color:${SEVERITY_SWATCH.critical.ink};font-weight:700}
.step.label{border-color:${NEUTRAL.label.ink};background:${NEUTRAL.label.fill};color:${NEUTRAL.label.ink}}
.blast{display:grid;grid-template-columns:minmax(180px,max-content) 1fr;gap:10px 18px;align-items:center}
.models{display:flex;flex-wrap:wrap;gap:8px}
.chip{display:inline-block;padding:3px 10px;border:1px solid ${NEUTRAL.border};border-radius:999px;font-size:13px;background:#fff}
.chip.self{border-color:${NEUTRAL.ink};background:${NEUTRAL.ink};color:#fff}
.chip.self a{color:#fff}
.muted{color:${NEUTRAL.muted}}
.acc-active{color:${BAND_SWATCH.trusted.ink};background:${BAND_SWATCH.trusted.fill}}
.acc-lapsed{color:${BAND_SWATCH.at_risk.ink};background:${BAND_SWATCH.at_risk.fill}}
.acc-clear{color:${NEUTRAL.muted};background:#f9fafb}
.meta{display:grid;grid-template-columns:repeat(auto-fit,minmax(220px,1fr));gap:14px 24px;font-size:14px}
.meta .k{display:block;font-size:12px;font-weight:700;letter-spacing:.04em;text-transform:uppercase;color:${NEUTRAL.muted}}
.meta div strong{font-weight:600;overflow-wrap:anywhere}
footer{font-size:13px;color:${NEUTRAL.muted};text-align:center;margin-top:8px}
.error{max-width:720px;margin:10vh auto 0}
.error pre{white-space:pre-wrap;overflow-wrap:anywhere;font-family:${MONO};font-size:13px;background:#f9fafb;border:1px solid #eaecf0;border-radius:8px;padding:12px}
@media (max-width:720px){.hero{flex-direction:column}.blast{grid-template-columns:1fr}}
${severityRules}
${bandRules}
`.trim();
