// The real example of each registered detector, shared by the detector pages (scripts/docs-gen/10-detectors.mjs) and
// their pictures (scripts/catches-pictures.mjs): the demo catalog judged by the built CLI against the simulator, and
// the alerts a first cycle over it posts, from the alert builders.
import { DEMO } from '@janus/datahub-sim/demo';
import { ingestProposalBatch } from '@janus/datahub-sim';
import { janusOk, withDemoSim } from './janus-process.mjs';
import { alertBuilders, firstCycleAlerts } from './slack-alert.mjs';
import { fromBuild } from './write-out.mjs';

/**
 * The demo catalog plants no deprecated and no soft-deleted table: for those two detectors the example is the demo
 * catalog with these proposals ingested as DataHub's REST emitter sends them (a steward's deprecation, a removal).
 */
export const CHANGE = [
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

/**
 * Runs `work({ detectors, found, builders })` while the two simulators (the demo catalog, and it with CHANGE ingested)
 * are up: `found` maps each registered detector's name to its example `{ verdict, finding, source, sim, alerts }`
 * (`source.name`: `demo` or `changed`; `sim.url`: where its catalog answers; `alerts`: the first cycle's alert
 * messages by finding key). The simulators close after it, whatever happens.
 */
export async function withDetectorExamples(root, work) {
  const [{ DETECTORS }, builders] = await Promise.all([
    fromBuild(root, 'src/core/detectors/registry.js'),
    alertBuilders(root),
  ]);
  return withDemoSim((demo) =>
    withDemoSim(async (changed) => {
      const answer = await ingestProposalBatch(changed.url, CHANGE);
      if (answer.status !== 200) throw new Error(`the simulator refused the change: ${JSON.stringify(answer.body)}`);
      const verdicts = (
        await Promise.all([
          judged(root, demo, { changed: false, name: 'demo' }, builders),
          judged(root, changed, { changed: true, name: 'changed' }, builders),
        ])
      ).flat();
      return work({ detectors: DETECTORS, found: examples(DETECTORS, verdicts), builders });
    }),
  );
}

/** The pictures of a detector's page, in docs/img/catches/ (made by `npm run docs:pictures`, committed). */
export const pictureFiles = (detector) => ({
  report: `report-${detector}.png`,
  slack: `slack-${detector}.png`,
});
