import { describe, expect, it, vi } from 'vitest';
import { narrate } from '../../../src/core/argos.js';
import { DEFAULT_POLICY, DETECTOR_NAMES, detectorNamed } from '../../../src/core/detectors/registered.js';
import { detectorTable } from '../../../src/core/detectors/table.js';
import { JudgmentSession } from '../../../src/core/session.js';
import { assess, verdictOf } from '../../../src/core/verdict.js';
import { RootCauseCollector } from '../../../src/core/writeback/root-causes.js';
import { planWriteBack } from '../../../src/core/writeback/plan.js';
import { clearedMessage } from '../../../src/core/writeback/incident-text.js';
import { judgePolicy, judgeSchema } from '../../../src/config/judge.js';
import { verdictSchema } from '../../../src/history/verdict-schema.js';
import { adviceFor } from '../../../src/mcp/advice.js';
import { causeHeadline } from '../../../src/slack/alerts/story.js';
import { verdictJson } from '../../../src/render/json.js';
import { evidenceHtml } from '../../../src/html-report/evidence.js';
import { lineagePicture } from '../../../src/html-report/picture.js';
import { col, ds, graph, NOW } from '../builder.js';
import { upstreamDatasetsByModel } from '../../../src/core/writeback/upstream-datasets.js';

// The one list, with one line more: nothing else of Janus is told about the extra detector.
vi.mock('../../../src/core/detectors/registry.js', async (importOriginal) => {
  const { DETECTORS } = await importOriginal<typeof import('../../../src/core/detectors/registry.js')>();
  const { piiUpstream } = await import('./extra-detector.js');
  return { DETECTORS: [...DETECTORS, piiUpstream] };
});

/** raw (a pii column) → train, the model's training data. */
function judged(config: unknown = {}) {
  const b = graph()
    .dataset('raw', { cols: ['email', 'amount'] })
    .dataset('train', { cols: ['amount'] })
    .lineage('train', 'raw')
    .training('train');
  b.g.nodes[ds('raw')]!.columns[0]!.labels = ['pii'];
  const run = new JudgmentSession(judgePolicy(judgeSchema.parse(config)), NOW);
  const a = assess(run, b.g);
  const below = { [ds('raw')]: [{ urn: b.g.model, name: 'fraud_model' }] };
  return { verdict: verdictOf(run, b.g, a, below, { now: NOW, datahub: 'http://datahub.test' }), graph: b.g };
}

describe('a detector registered in the one list', () => {
  it('is registered: a name, a default policy, a config key, a row of the docs table', () => {
    expect(DETECTOR_NAMES.at(-1)).toBe('pii_upstream');
    expect(DEFAULT_POLICY.pii_upstream).toEqual({ severity: 'low', weight: 7 });
    expect(judgePolicy(judgeSchema.parse({ detectors: { pii_upstream: { weight: 30 } } })).policy.pii_upstream).toEqual(
      { severity: 'low', weight: 30 },
    );
    expect(() => judgeSchema.parse({ detectors: { pii_downstream: { weight: 1 } } })).toThrow();
    expect(detectorTable()).toContain('| `pii_upstream` | 7 | low | an upstream dataset with a column labelled pii |');
  });

  it('is judged: its finding deducts its weight (as configured) and puts its dataset in the blast radius', () => {
    const { verdict } = judged({ detectors: { pii_upstream: { weight: 30 } } });
    expect(verdict.findings.map((f) => [f.detector, f.weight, f.entity])).toEqual([['pii_upstream', 30, ds('raw')]]);
    expect(verdict.score).toBe(70);
    expect(verdict.deductions).toEqual([
      { key: `pii_upstream:${ds('raw')}`, detector: 'pii_upstream', weight: 30, reason: 'raw holds personal data.' },
    ]);
    expect(verdict.blastRadius.map((b) => b.dataset)).toEqual([ds('raw')]);
    expect(judged().verdict.score).toBe(93);
  });

  it('is rendered: JSON, Argos, the history, the report, MCP advice', () => {
    const { verdict, graph: g } = judged();
    const json = verdictJson(verdict);
    expect(json.findings).toEqual([
      expect.objectContaining({ detector: 'pii_upstream', key: `pii_upstream:${ds('raw')}` }),
    ]);
    expect(json.summary).toContain('raw holds personal data, and the model learns from it.');
    expect(narrate(verdict)).toContain('raw holds personal data, and the model learns from it.');
    expect(verdictSchema.parse(JSON.parse(JSON.stringify(verdict))).findings[0]!.detector).toBe('pii_upstream');
    const f = verdict.findings[0]!;
    expect(evidenceHtml(f, (urn) => `<a>${urn}</a>`)).toContain(
      `<dt>PII columns</dt><dd><a>${col('raw', 'email')}</a></dd>`,
    );
    expect(lineagePicture(verdict, g).nodes.find((n) => n.id === ds('raw'))?.tags).toEqual(['personal data']);
    expect(adviceFor(f)).toEqual(['Drop or mask the pii columns of raw before training.']);
    expect(causeHeadline('pii_upstream', ds('raw')).headline).toBe('Personal data: raw');
  });

  it('is written back: its incident (type, title, details) and its resolution', () => {
    const { verdict } = judged();
    const collector = new RootCauseCollector();
    collector.add(verdict);
    const plan = planWriteBack({
      judged: [verdict],
      causes: collector.list(),
      state: {
        datasets: [ds('raw')],
        incidents: [],
        assertions: [],
        tagExists: true,
        propertiesExist: { score: true, band: true, reasons: true },
        models: {},
      },
      resolvedDownstream: {},
      upstreamDatasets: upstreamDatasetsByModel({ [verdict.model.urn]: [ds('raw')] }),
    });
    const raise = plan.find((w) => w.kind === 'raiseIncident');
    expect(raise).toMatchObject({
      type: 'CUSTOM',
      customType: 'JANUS_PII',
      priority: 'LOW',
      title: '[Janus] raw holds personal data that ML models read',
    });
    expect(raise && 'description' in raise && raise.description).toContain(`PII columns: ${col('raw', 'email')}`);
    expect(clearedMessage(`pii_upstream:${ds('raw')}`, ds('raw'))).toBe(
      'Resolved by Janus: raw no longer holds a pii column.',
    );
    expect(detectorNamed('pii_upstream')?.incident.type).toBe('CUSTOM');
  });
});
