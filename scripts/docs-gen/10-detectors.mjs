// docs/catches/: what Janus catches, a page per registered detector (src/core/detectors/registry.ts), each with a real
// example: the demo catalog judged by the built CLI against the simulator, the evidence as `janus trust` printed it,
// the Slack alert's header and Argos's line from the alert builders, and the Model Impact Report it wrote.
import { DEMO } from '@janus/datahub-sim/demo';
import { ingestProposalBatch } from '@janus/datahub-sim';
import { argosLine, fenced, fromBuild, generatedNote, table, writeOut } from './lib/write-out.mjs';
import { inTurn, janusOk, withDemoSim } from './lib/janus-process.mjs';
import { alertBuilders, alertMarkdown, firstCycleAlerts } from './lib/slack-alert.mjs';

/** Where the Model Impact Reports go: served as they are (VitePress copies docs/public/ to the site's root). */
const REPORTS = 'docs/public/generated/reports';

/**
 * The demo catalog plants no deprecated and no soft-deleted table: for those two detectors the example is the demo
 * catalog with these proposals ingested as DataHub's REST emitter sends them (a steward's deprecation, a removal).
 */
const CHANGE = [
  {
    entityType: 'dataset',
    entityUrn: DEMO.datasets.customerProfile,
    aspectName: 'deprecation',
    aspect: { deprecated: true, note: 'replaced by analytics.dim_customers', actor: DEMO.users.carol },
  },
  { entityType: 'dataset', entityUrn: DEMO.datasets.customers, aspectName: 'status', aspect: { removed: true } },
];

/** The verdicts of every model of a catalog, where they came from, and the alerts a first cycle over it posts. */
async function judged(root, sim, source, builders) {
  const scan = JSON.parse(await janusOk(root, ['scan', '--all', '--dry-run', '--json'], sim.url));
  const alerts = firstCycleAlerts(builders, scan.models, Date.parse(scan.models[0]?.scannedAt ?? '') || Date.now());
  return scan.models.map((verdict) => ({ verdict, source, sim, alerts }));
}

/**
 * For each detector, the cleanest real example: a model with a finding of it, one whose finding raises a Slack alert
 * first, then the model with the fewest other findings, then the untouched demo catalog, then by name.
 */
function examples(detectors, verdicts) {
  const found = new Map();
  for (const d of detectors) {
    const candidates = verdicts.flatMap((j) =>
      j.verdict.findings.filter((f) => f.detector === d.name).map((finding) => ({ ...j, finding })),
    );
    candidates.sort(
      (a, b) =>
        Number(!a.alerts.has(a.finding.key)) - Number(!b.alerts.has(b.finding.key)) ||
        a.verdict.findings.length - b.verdict.findings.length ||
        Number(a.source.changed) - Number(b.source.changed) ||
        a.verdict.model.name.localeCompare(b.verdict.model.name),
    );
    if (!candidates.length)
      throw new Error(`no example of detector ${d.name}: neither the demo catalog nor the change has one`);
    found.set(d.name, candidates[0]);
  }
  return found;
}

/** The detector's registration as the README's table words it (table.ts), one fact a row. */
function registrationRows(detectorTable, d) {
  const [header, , row] = detectorTable([d]).split('\n');
  const cells = (line) => line.slice(2, -2).split(' | ');
  const names = cells(header);
  return cells(row).map((value, i) => [names[i], value]);
}

const PICTURE =
  'How Slack shows a message of this shape (the models, owners, the incident and its buttons, here for an upstream failure):\n\n' +
  '![A Slack alert: one root cause, its models, the owners, the incident and its buttons](../img/slack-alert.png)';

function slackSection(build, ex) {
  const f = ex.finding;
  const alert = ex.alerts.get(f.key);
  if (alert)
    return [
      `On its first cycle over this catalog, \`janus serve\` posts this alert to the channels of the owners of the models it hurts: the message the alert planner builds (src/slack/alerts/), shown here without Slack and before the write-back has raised its DataHub incident (the service's alert then also links the incident, with buttons to acknowledge and resolve it).`,
      '',
      alertMarkdown(alert),
      '',
      PICTURE,
    ];
  const headline = build.causeHeadline(f.detector, f.entity, f.key, [ex.verdict.model]).headline;
  return [
    `This finding raises no root-cause alert of its own here; the header and Argos's line an alert of it carries (src/slack/alerts/story.ts):`,
    '',
    `> **${headline}**<br>`,
    ...build.causeStory(f.key, ex.verdict, f.message).map((l) => `> ${l}`),
    '',
    PICTURE,
  ];
}

function detectorPage(build, d, ex, reportHref) {
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
    ...slackSection(build, ex),
    '',
    '## The report',
    '',
    `<a href="${reportHref}" target="_blank">The Model Impact Report of ${model}</a>, as \`janus trust ${model} --report-dir\` wrote it ([about the report](../report.md)).`,
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
  const [{ DETECTORS }, { detectorTable }, { causeHeadline, causeStory }] = await Promise.all([
    fromBuild(root, 'src/core/detectors/registry.js'),
    fromBuild(root, 'src/core/detectors/table.js'),
    fromBuild(root, 'src/slack/alerts/story.js'),
  ]);
  const build = { detectorTable, causeHeadline, causeStory };
  const builders = await alertBuilders(root);
  const written = await withDemoSim((demo) =>
    withDemoSim(async (changed) => {
      const answer = await ingestProposalBatch(changed.url, CHANGE);
      if (answer.status !== 200) throw new Error(`the simulator refused the change: ${JSON.stringify(answer.body)}`);
      const verdicts = (
        await Promise.all([
          judged(root, demo, { changed: false, name: 'demo' }, builders),
          judged(root, changed, { changed: true, name: 'changed' }, builders),
        ])
      ).flat();
      const found = examples(DETECTORS, verdicts);
      // one `janus trust` a model shown, writing its report beside the others of its catalog
      const shown = new Map([...found.values()].map((e) => [`${e.source.name}/${e.verdict.model.name}`, e]));
      const printed = new Map();
      await inTurn(
        [...shown].map(([id, e]) => async () => {
          const dir = `${out}/${REPORTS}/${e.source.name}`;
          const text = await janusOk(root, ['trust', e.verdict.model.name, '--report-dir', dir], e.sim.url);
          printed.set(id, text.replaceAll(e.sim.url, '<the simulator>'));
        }),
      );
      const files = [writeOut(out, 'docs/catches/index.md', indexPage(build, DETECTORS, found))];
      for (const d of DETECTORS) {
        const e = found.get(d.name);
        const id = `${e.source.name}/${e.verdict.model.name}`;
        const href = `/generated/reports/${e.source.name}/${encodeURIComponent(e.verdict.model.name)}.html`;
        files.push(
          writeOut(out, `docs/catches/${d.name}.md`, detectorPage(build, d, { ...e, trust: printed.get(id) }, href)),
        );
      }
      return files;
    }),
  );
  console.log(`docs-gen 10-detectors: ${written.length} pages in ${Date.now() - started} ms`);
  return written;
}

export default (root) => generate({ root, out: root });
