import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '@janus/datahub-sim/demo';
import { startSim } from '@janus/datahub-sim';
import { requireBuiltCli, runJanus, useDemoSim } from './run-janus.js';
import { demoScore, demoScoreLine, demoVerdict } from '../support/demo-verdicts.js';

const demo = useDemoSim();

const trustJson = async (model: string) => {
  const r = await runJanus(['trust', model, '--json'], demo.env);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
};

describe('janus trust on the demo catalog', () => {
  beforeAll(requireBuiltCli);
  // every model's verdict: test/app/judge-model.test.ts, in-process (the same use case and JSON)
  it('prints the verdict as JSON: the leak as a column chain from the feature through the shared ancestor to the label', async () => {
    const v = await trustJson(DEMO.models.fraud);
    expect(v).toMatchObject({
      model: { name: 'fraud_detector_v4' },
      score: demoScore('fraud'),
      band: demoVerdict('fraud').band,
      datahub: demo.sim.url,
    });
    expect(v.deductions.reduce((s: number, d: { weight: number }) => s + d.weight, 0)).toBe(100 - demoScore('fraud'));
    const leak = v.findings.find((f: { detector: string }) => f.detector === 'target_leakage');
    expect(leak.evidence.chains[0][0]).toContain('features.txn_features,PROD),days_to_chargeback)');
    expect(leak.evidence.chains[0].at(-1)).toContain('ml.fraud_training_set,PROD),is_fraud)');
    expect(leak.evidence.sharedAncestor).toContain('analytics.stg_chargebacks,PROD),chargeback_at)');
    // a leak harms the model whose feature sees its label, not the other readers of the shared column
    expect(v.blastRadius).toEqual([]);
  });

  it('prints Argos and the deductions as text', async () => {
    const r = await runJanus(['trust', 'session_intent_v1'], demo.env);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`Argos: ${demoScoreLine('sessionIntent')}. Caution.`);
    expect(r.stdout).toContain('Job build_stg_sessions failed its latest run');
  });

  it('writes the Model Impact Report with --report-dir', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'janus-reports-'));
    const r = await runJanus(['trust', 'fraud_detector_v4', '--report-dir', dir], demo.env);
    expect(r.code, r.stderr).toBe(0);
    const html = fs.readFileSync(path.join(dir, 'fraud_detector_v4.html'), 'utf8');
    expect(html).toContain('<svg');
    expect(html).toContain('fraud_detector_v4');
    expect(html).toMatch(/\b80\b/);
  });

  it('answers an unknown model with the closest names (exit 2)', async () => {
    const r = await runJanus(['trust', 'fraud_detector'], demo.env);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/fraud_detector_v4/);
    expect(r.stdout).toBe('');
  });
});

describe('janus gate', () => {
  beforeAll(requireBuiltCli);
  it('exits 0 when nothing blocks', async () => {
    const r = await runJanus(['gate', '--model', 'customer_ltv_v2'], demo.env);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('PASS');
  });

  it('exits 1 on a finding at or above --fail-on, and 0 when the threshold is above it', async () => {
    const runs = await Promise.all([
      runJanus(['gate', '--model', 'session_intent_v1'], demo.env),
      runJanus(['gate', '--model', 'session_intent_v1', '--fail-on', 'critical'], demo.env),
      runJanus(['gate', '--model', 'churn_predictor_v2', '--fail-on', 'none', '--min-score', '95'], demo.env),
    ]);
    expect(runs.map((r) => r.code)).toEqual([1, 0, 1]);
  });

  it('--lineage turns a clean model into a blocked one', async () => {
    const r = await runJanus(
      ['gate', '--model', 'customer_ltv_v2', '--lineage', 'test/fixtures/lineage/leaky-tenure.yml', '--format', 'json'],
      demo.env,
    );
    expect(r.code, r.stderr).toBe(1);
    const report = JSON.parse(r.stdout);
    expect(report.pass).toBe(false);
    expect(report.models[0].findings[0]).toMatchObject({ detector: 'target_leakage', severity: 'critical' });
    expect(report.models[0].findings[0].evidence.sharedAncestor).toContain('customer_profile,PROD),lifetime_value)');
  });

  it('writes JUnit that parses, one test case per model and a failure per blocking finding', async () => {
    const { XMLParser, XMLValidator } = await import('fast-xml-parser');
    const r = await runJanus(
      ['gate', '--model', 'fraud_detector_v4', '--model', 'customer_ltv_v2', '--format', 'junit'],
      demo.env,
    );
    expect(r.code).toBe(1);
    expect(XMLValidator.validate(r.stdout)).toBe(true);
    const suite = new XMLParser({ ignoreAttributes: false, isArray: (n) => n === 'testcase' }).parse(r.stdout)
      .testsuites.testsuite;
    expect(suite.testcase.map((c: Record<string, string>) => c['@_name'])).toEqual([
      'fraud_detector_v4',
      'customer_ltv_v2',
    ]);
    expect(suite['@_failures']).toBe('1');
  });

  it.each([
    [['gate', '--model', 'x', '--fail-on', 'bogus']],
    [['gate']],
    [['gate', '--model', 'x', '--min-score', 'lots']],
    [['gate', '--model', 'x', '--lineage', 'test/fixtures/lineage/missing.yml']],
  ])('exits 2 on a usage error: %j', async (args) => {
    const r = await runJanus(args, demo.env);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n').length).toBeLessThanOrEqual(2);
  });

  it('exits 2 on bad configuration, naming the setting', async () => {
    const r = await runJanus(['gate', '--model', 'x'], { DATAHUB_GMS_URL: 'not-a-url' });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('datahub.url');
  });

  it('exits 3 when DataHub is down, never 0 or 1', async () => {
    const down = await startSim({ demo: false, port: 0 });
    const url = down.url;
    await down.close();
    const r = await runJanus(['gate', '--model', 'customer_ltv_v2'], {
      DATAHUB_GMS_URL: url,
      JANUS_DATAHUB_RETRIES: '1',
    });
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/unreachable/);
  });

  it('exits 3 when DataHub keeps failing', async () => {
    const failing = await startSim({ demo: true, port: 0, failRate: 1, faults: ['500'] });
    try {
      const r = await runJanus(['gate', '--model', 'customer_ltv_v2'], {
        DATAHUB_GMS_URL: failing.url,
        JANUS_DATAHUB_RETRIES: '1',
      });
      expect(r.code).toBe(3);
      expect(failing.stats().requests).toBe(2);
    } finally {
      await failing.close();
    }
  });
});

describe('janus demo and scan', () => {
  beforeAll(requireBuiltCli);
  it('runs with no configuration and prints every verdict and the summary', async () => {
    const r = await runJanus(['demo'], {}, '/tmp');
    expect(r.code, r.stderr).toBe(0);
    for (const name of [
      'fraud_detector_v4',
      'churn_predictor_v2',
      'session_intent_v1',
      'campaign_uplift_v1',
      'customer_ltv_v2',
    ]) {
      expect(r.stdout).toContain(`Argos: ${name} scores`);
    }
    expect(r.stdout).toMatch(new RegExp(`customer_ltv_v2\\s+${demoScore('customerLtv')}\\s+trusted`));
  });

  it('scan --all --dry-run --json judges every model', async () => {
    const r = await runJanus(['scan', '--all', '--dry-run', '--json'], demo.env);
    expect(r.code, r.stderr).toBe(0);
    expect(
      JSON.parse(r.stdout)
        .models.map((m: { score: number }) => m.score)
        .sort(),
    ).toEqual([100, 60, 75, 80, 90]);
  });
});
