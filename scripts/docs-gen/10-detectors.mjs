// docs/catches/: what Janus catches, a page per registered detector (src/core/detectors/registry.ts), each with a real
// example: the demo catalog judged by the built CLI against the simulator, the evidence as `janus trust` printed it,
// the Slack alert the alert planner builds for it, and the Model Impact Report it wrote; with the pictures of both
// (docs/img/catches/, drawn from the same examples by scripts/catches-pictures.mjs, `npm run docs:pictures`).
import fs from 'node:fs';
import path from 'node:path';
import { argosLine, fenced, fromBuild, generatedNote, table, writeOut } from './lib/write-out.mjs';
import { inTurn, janusOk } from './lib/janus-process.mjs';
import { alertMarkdown } from './lib/slack-alert.mjs';
import { CHANGE, pictureFiles, withDetectorExamples } from './lib/detector-examples.mjs';

/** Where the Model Impact Reports go: served as they are (VitePress copies docs/public/ to the site's root). */
const REPORTS = 'docs/public/generated/reports';
/** The pictures of each page (scripts/catches-pictures.mjs, `npm run docs:pictures`), committed. */
const PICTURES = 'docs/img/catches';

/**
 * Each picture of the detector's page as the page links it, relative to docs/catches/; throws naming the first one
 * missing from the repository, so no page shows a broken picture.
 */
export function pictures(root, detector) {
  const files = pictureFiles(detector);
  for (const file of Object.values(files))
    if (!fs.existsSync(path.join(root, PICTURES, file)))
      throw new Error(
        `${PICTURES}/${file} is missing: the page of detector ${detector} shows it (make it with npm run docs:pictures, and commit it)`,
      );
  return { report: `../img/catches/${files.report}`, slack: `../img/catches/${files.slack}` };
}

/** The detector's registration as the README's table words it (table.ts), one fact a row. */
function registrationRows(detectorTable, d) {
  const [header, , row] = detectorTable([d]).split('\n');
  const cells = (line) => line.slice(2, -2).split(' | ');
  const names = cells(header);
  return cells(row).map((value, i) => [names[i], value]);
}

function slackSection(d, ex, picture) {
  const f = ex.finding;
  const model = ex.verdict.model.name;
  const alert = ex.alerts.get(f.key);
  if (!alert) throw new Error(`the example of detector ${d.name} (${model}) raises no Slack alert on a first cycle`);
  return [
    `On its first cycle over this catalog, \`janus serve\` posts this alert to the channels of the owners of the models it hurts: the message the alert planner builds (src/slack/alerts/), drawn as Slack lays it out (a mock of its layout, not a screenshot of Slack) and before the write-back has raised its DataHub incident (the service's alert then also links the incident, with buttons to acknowledge and resolve it).`,
    '',
    `![The Slack alert Janus posts for this finding (${d.phrasing.trouble}, ${model}), drawn as Slack shows it](${picture})`,
    '',
    alertMarkdown(alert),
  ];
}

function detectorPage(build, d, ex, reportHref, picture) {
  const { detectorTable } = build;
  const f = ex.finding;
  const model = ex.verdict.model.name;
  const rows = registrationRows(detectorTable, d).filter(([name]) => name !== 'detector' && name !== 'finds');
  rows.push(
    ['DataHub incident it raises', [d.incident.type, d.incident.customType].filter(Boolean).join(' / ')],
    ['configure', `\`judge.detectors.${d.name}.weight\`, \`judge.detectors.${d.name}.severity\``],
  );
  const origin = ex.source.changed
    ? `The demo catalog plants no such case, so this one is the demo catalog with these proposals ingested first (\`POST /aspects?action=ingestProposalBatch\`, as DataHub's REST emitter sends them):\n\n${fenced(JSON.stringify(CHANGE, null, 2), 'json')}`
    : 'From the demo catalog (`janus sim`, [the demo catalog](../demo-catalog.md)), as planted.';
  return [
    generatedNote('10-detectors.mjs'),
    `# ${d.phrasing.trouble} (\`${d.name}\`)`,
    '',
    argosLine(d.phrasing.sentence(f)),
    '',
    `Janus finds ${d.summary}.`,
    '',
    table(['registration', ''], rows),
    '',
    `What each fact means in DataHub: [the conventions Janus reads](../conventions.md).`,
    '',
    `## A real example: ${model}`,
    '',
    origin,
    '',
    `\`janus trust ${model}\` printed:`,
    '',
    fenced(ex.trust),
    '',
    `The finding, as \`janus trust ${model} --json\` gives it:`,
    '',
    fenced(JSON.stringify(f, null, 2), 'json'),
    '',
    '## The Slack alert',
    '',
    ...slackSection(d, ex, picture.slack),
    '',
    '## The report',
    '',
    `<a href="${reportHref}" target="_blank">The Model Impact Report of ${model}</a>, as \`janus trust ${model} --report-dir\` wrote it ([about the report](../report.md)). Its top, down to the finding's deduction:`,
    '',
    `![The top of the Model Impact Report of ${model}: its score and band, Argos's account, the upstream lineage and the deductions, this finding's among them](${picture.report})`,
    '',
    '## What to do about it',
    '',
    'What Janus advises (an agent reads the same through MCP `explain_finding`):',
    '',
    ...d.phrasing.advice(f).map((a) => `- ${a}`),
    '',
    `Where Janus writes the evidence back into DataHub (incidents, guarding assertions, the model's score and tag): [write-back](../write-back.md).`,
    '',
  ].join('\n');
}

function indexPage(build, detectors, found) {
  const { detectorTable } = build;
  const lines = detectorTable(detectors).split('\n');
  const linked = lines.map((line, i) =>
    i < 2 ? line : line.replace(/^\| `([a-z_]+)` \|/, (_, name) => `| [\`${name}\`](./${name}.md) |`),
  );
  const fromDemo = [...found.values()].filter((e) => !e.source.changed).length;
  const argos =
    `${detectors.length} kinds of trouble I look for upstream of every model. ` +
    `The demo catalog showed me ${fromDemo} of them; for the other ${detectors.length - fromDemo}, these pages change the catalog first.`;
  return [
    generatedNote('10-detectors.mjs'),
    '# What Janus catches',
    '',
    argosLine(argos),
    '',
    'Each detector deducts its weight from a model’s score of 100; a critical finding holds the band at `at_risk`. ' +
      'Trouble that travels (a stale or failing table) is reported once, at its root cause. Each page below shows a ' +
      'real example, judged by `janus trust` on the demo catalog when these pages were built.',
    '',
    ...linked,
    '',
    table(
      ['detector', 'example', 'Argos said'],
      detectors.map((d) => {
        const e = found.get(d.name);
        return [`[${d.phrasing.trouble}](./${d.name}.md)`, e.verdict.model.name, d.phrasing.sentence(e.finding)];
      }),
    ),
    '',
  ].join('\n');
}

export async function generate({ root, out }) {
  const started = Date.now();
  const { detectorTable } = await fromBuild(root, 'src/core/detectors/table.js');
  const build = { detectorTable };
  const written = await withDetectorExamples(root, async ({ detectors, found }) => {
    const shown = detectors.map((d) => [d, pictures(root, d.name)]);
    // one `janus trust` a model shown, writing its report beside the others of its catalog
    const byModel = new Map([...found.values()].map((e) => [`${e.source.name}/${e.verdict.model.name}`, e]));
    const printed = new Map();
    await inTurn(
      [...byModel].map(([id, e]) => async () => {
        const dir = `${out}/${REPORTS}/${e.source.name}`;
        const text = await janusOk(root, ['trust', e.verdict.model.name, '--report-dir', dir], e.sim.url);
        printed.set(id, text.replaceAll(e.sim.url, '<the simulator>'));
      }),
    );
    const files = [writeOut(out, 'docs/catches/index.md', indexPage(build, detectors, found))];
    for (const [d, picture] of shown) {
      const e = found.get(d.name);
      const id = `${e.source.name}/${e.verdict.model.name}`;
      const href = `/generated/reports/${e.source.name}/${encodeURIComponent(e.verdict.model.name)}.html`;
      const page = detectorPage(build, d, { ...e, trust: printed.get(id) }, href, picture);
      files.push(writeOut(out, `docs/catches/${d.name}.md`, page));
    }
    return files;
  });
  console.log(`docs-gen 10-detectors: ${written.length} pages in ${Date.now() - started} ms`);
  return written;
}

export default (root) => generate({ root, out: root });
