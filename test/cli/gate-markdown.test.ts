import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanOverlay, LEAK_LINE, LEAKY } from './lineage-overlays.js';
import { requireBuiltCli, runJanus, useDemoSim } from './run-janus.js';

const demo = useDemoSim();
const PUBLIC_URL = 'https://janus.example.com';
const LTV_URN = 'urn:li:mlModel:(urn:li:dataPlatform:mlflow,customer_ltv_v2,PROD)';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'janus-gate-md-'));
/** `janus gate` as its own process, and what it asked the simulator. */
async function gate(args: string[], env: Record<string, string> = {}) {
  demo.sim.resetStats();
  const run = await runJanus(['gate', ...args], { ...demo.env, ...env });
  return { ...run, stats: demo.sim.stats() };
}

describe('janus gate --format markdown, and what a proposed change does', () => {
  beforeAll(requireBuiltCli);

  it('a leaking overlay: the change introduces the leak, marked blocking, with its column chain and report link', async () => {
    const summary = path.join(tmp(), 'summary.md');
    const r = await gate(['--model', 'customer_ltv_v2', '--lineage', LEAKY, '--format', 'markdown'], {
      JANUS_PUBLIC_URL: PUBLIC_URL,
      GITHUB_ACTIONS: 'true',
      GITHUB_STEP_SUMMARY: summary,
    });
    expect(r.code, r.stderr).toBe(1);
    expect(LEAK_LINE).toBeGreaterThan(1);
    const md = r.stdout;
    expect(md).toContain('### What this change does');
    expect(md).toContain('- **customer_ltv_v2**: score 100 → 80 (at_risk), now blocked');
    expect(md).toContain(
      `  - **new, blocking** (\`${LEAKY}\` line ${LEAK_LINE}): This change introduces target leakage (critical) into customer_ltv_v2: Feature tenure_days derives from customer_profile.lifetime_value`,
    );
    expect(md).toContain(
      '  - chain: `customer_features.tenure_days → customer_profile.lifetime_value → customer_training_set.ltv_365d`',
    );
    const link = `${PUBLIC_URL}/reports/${encodeURIComponent(LTV_URN).replace(/\(/g, '%28').replace(/\)/g, '%29')}`;
    expect(md).toContain(`  - [Model Impact Report](${link}) (the catalog as it stands)`);
    expect(md).not.toContain('No report links');
    // the job summary is the same report
    expect(fs.readFileSync(summary, 'utf8')).toBe(md);
    // judging without the proposal read nothing again: one upstream scroll, one entities read
    expect(r.stats.byOperation).toMatchObject({ JanusUpstream: 1, JanusEntities: 1 });
  });

  it('JSON: `changes` names the introduced finding by key, blocking; it costs no request more than the gate without --lineage', async () => {
    const withChange = await gate(['--model', 'customer_ltv_v2', '--lineage', LEAKY, '--format', 'json']);
    expect(withChange.code, withChange.stderr).toBe(1);
    const doc = JSON.parse(withChange.stdout) as {
      models: { findings: { key: string }[] }[];
      changes: Record<string, unknown>[];
    };
    expect(doc.changes).toEqual([
      {
        model: { urn: LTV_URN, name: 'customer_ltv_v2' },
        changesNothing: false,
        introduced: [
          expect.objectContaining({
            key: doc.models[0]!.findings[0]!.key,
            detector: 'target_leakage',
            severity: 'critical',
            blocking: true,
          }),
        ],
        removed: [],
        changed: [],
        score: { before: 100, after: 80 },
        band: { before: 'trusted', after: 'at_risk' },
        blocked: { before: false, after: true },
        summary: [
          expect.stringMatching(/^This change introduces target leakage \(critical\) into customer_ltv_v2: /),
          'customer_ltv_v2: score 100 → 80 (at_risk), now blocked.',
        ],
      },
    ]);
    const asItStands = await gate(['--model', 'customer_ltv_v2', '--format', 'json']);
    expect(asItStands.code, asItStands.stderr).toBe(0);
    expect(JSON.parse(asItStands.stdout)).not.toHaveProperty('changes');
    expect(withChange.stats.requests).toBe(asItStands.stats.requests);
  });

  it('a model whose blast radius is read: the judgment without the proposal reads it from the first', async () => {
    const r = await gate(['--model', 'session_intent_v1', '--lineage', LEAKY, '--format', 'json']);
    expect(r.code, r.stderr).toBe(1);
    const doc = JSON.parse(r.stdout) as {
      models: { blastRadius: unknown[] }[];
      changes: { changesNothing: boolean }[];
    };
    expect(doc.models[0]!.blastRadius.length).toBeGreaterThan(0);
    expect(doc.changes[0]!.changesNothing).toBe(true);
    expect(r.stats.byOperation.JanusDownstreamModels).toBe(1);
  });

  it('a clean overlay: the change changes nothing Janus judges, exit 0 (the text output says it too)', async () => {
    const file = cleanOverlay();
    const r = await gate(['--model', 'customer_ltv_v2', '--lineage', file, '--format', 'markdown']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('## Janus gate: pass');
    expect(r.stdout).toContain('- This change changes nothing Janus judges in customer_ltv_v2.');
    expect(r.stdout).not.toContain('### Blocking');
    const json = await gate(['--model', 'customer_ltv_v2', '--lineage', file, '--format', 'json']);
    expect(JSON.parse(json.stdout).changes).toEqual([
      expect.objectContaining({ changesNothing: true, introduced: [], removed: [], changed: [] }),
    ]);
    const text = await gate(['--model', 'customer_ltv_v2', '--lineage', file]);
    expect(text.stdout).toContain('\n  CHANGE: This change changes nothing Janus judges in customer_ltv_v2.');
    const leaky = await gate(['--model', 'customer_ltv_v2', '--lineage', LEAKY]);
    expect(leaky.stdout).toContain('\n  CHANGE: customer_ltv_v2: score 100 → 80 (at_risk), now blocked.');
  });

  it('without a public URL the comment says there are no report links; without --lineage, no change section', async () => {
    const r = await gate(['--model', 'session_intent_v1', '--format', 'markdown']);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toContain('### Blocking');
    expect(r.stdout).not.toContain('[Model Impact Report]');
    expect(r.stdout).toContain(
      '_No report links: Janus’s public URL (`server.publicUrl`, env `JANUS_PUBLIC_URL`) is not set._',
    );
    expect(r.stdout).not.toContain('What this change does');
  });
});
