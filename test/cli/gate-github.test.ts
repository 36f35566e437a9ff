import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanOverlay, LEAK_LINE, LEAKY } from './lineage-overlays.js';
import { requireBuiltCli, runJanus, useDemoSim } from './run-janus.js';

const demo = useDemoSim();
const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'janus-gate-github-'));
const gate = (lineage: string, env: Record<string, string>, ...args: string[]) =>
  runJanus(['gate', '--model', 'customer_ltv_v2', '--lineage', lineage, ...args], { ...demo.env, ...env });

describe('janus gate in GitHub Actions', () => {
  beforeAll(requireBuiltCli);

  it('annotates the lineage line that introduces the leak and appends the Markdown to the job summary', async () => {
    expect(LEAK_LINE).toBeGreaterThan(1);
    const summary = path.join(tmp(), 'summary.md');
    fs.writeFileSync(summary, 'earlier step\n');
    const r = await gate(LEAKY, { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary }, '--format', 'json');
    expect(r.code, r.stderr).toBe(1);
    // stdout is still the report alone
    expect(JSON.parse(r.stdout)).toMatchObject({ status: 'blocked' });
    const errors = r.stderr.split('\n').filter((l) => l.startsWith('::error '));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(
      new RegExp(
        `^::error file=${LEAKY},line=${LEAK_LINE},title=Janus gate%3A customer_ltv_v2%3A target_leakage \\(critical\\)::.*tenure_days`,
      ),
    );
    const md = fs.readFileSync(summary, 'utf8');
    expect(md.startsWith('earlier step\n## Janus gate: blocked (1 of 1)\n')).toBe(true);
    expect(md).toContain('| customer_ltv_v2 |');
    expect(md).toContain('### Blocking');
  });

  it('a clean overlay: no annotation, exit 0, the passing summary', async () => {
    const summary = path.join(tmp(), 'summary.md');
    const r = await gate(cleanOverlay(), { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout + r.stderr).not.toContain('::error');
    expect(fs.readFileSync(summary, 'utf8')).toContain('## Janus gate: pass');
  });

  it('outside GitHub Actions: no annotation and no summary written, the same exit code', async () => {
    const summary = path.join(tmp(), 'summary.md');
    const r = await gate(LEAKY, { GITHUB_STEP_SUMMARY: summary });
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toContain('BLOCKED: target_leakage (critical)');
    expect(r.stdout + r.stderr).not.toContain('::error');
    expect(fs.existsSync(summary)).toBe(false);
  });
});
