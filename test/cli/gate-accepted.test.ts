import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { shortDate } from '../../src/core/acceptance/words.js';
import { requireBuiltCli, runJanus, useDemoSim } from './run-janus.js';
import { demoFindingKeys } from '../support/demo-verdicts.js';

const demo = useDemoSim();
const DAY = 86_400_000;
const [LEAK] = demoFindingKeys('fraud');
const UNTIL = new Date(Date.now() + 30 * DAY).toISOString().slice(0, 10);

/** A repository whose `.janus/accepted.yml` holds `yml`: the gate runs in it. */
function repoWith(yml: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'janus-accepted-'));
  fs.mkdirSync(path.join(dir, '.janus'));
  fs.writeFileSync(path.join(dir, '.janus', 'accepted.yml'), yml);
  return dir;
}
const entry = (over: Record<string, string> = {}) =>
  Object.entries({ key: LEAK!, by: 'carol.diaz', reason: 'backfill running', until: UNTIL, ...over })
    .map(([k, v], i) => `${i ? '    ' : '  - '}${k}: ${JSON.stringify(v)}`)
    .join('\n');
const gate = (cwd: string, ...args: string[]) =>
  runJanus(['gate', '--model', 'fraud_detector_v4', ...args], demo.env, cwd);

describe('janus gate honours the repository’s .janus/accepted.yml', () => {
  beforeAll(requireBuiltCli);

  it("passes the demo's accepted leak on fraud_detector_v4 and lists it: text, JSON, JUnit (skipped), Markdown", async () => {
    const repo = repoWith(`accepted:\n${entry()}\n`);
    const bare = fs.mkdtempSync(path.join(os.tmpdir(), 'janus-bare-'));
    const [text, json, junit, md, without] = await Promise.all([
      gate(repo),
      gate(repo, '--format', 'json'),
      gate(repo, '--format', 'junit'),
      gate(repo, '--format', 'markdown'),
      gate(bare),
    ]);
    const words = `accepted by carol.diaz until ${shortDate(UNTIL)}: 'backfill running'`;
    // without the file, the leak blocks
    expect(without.code, without.stderr).toBe(1);
    expect(without.stdout).toContain('BLOCKED: target_leakage (critical)');

    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain('Argos: fraud_detector_v4 scores 100/100. Trusted.');
    expect(text.stdout).toContain(`1 finding ${words}.`);
    expect(text.stdout).toContain(`  PASS\n  ACCEPTED (not blocking): target_leakage (critical) ${words}`);

    expect(json.code, json.stderr).toBe(0);
    const doc = JSON.parse(json.stdout);
    expect(doc).toMatchObject({ status: 'pass', pass: true });
    expect(doc.models[0]).toMatchObject({ score: 100, band: 'trusted', findings: [], blocked: false });
    expect(doc.models[0].accepted).toEqual([
      expect.objectContaining({
        key: LEAK,
        detector: 'target_leakage',
        by: 'carol.diaz',
        reason: 'backfill running',
        until: `${UNTIL}T00:00:00.000Z`,
        source: 'file',
      }),
    ]);

    expect(junit.code, junit.stderr).toBe(0);
    expect(junit.stdout).toContain('tests="2" failures="0" errors="0" skipped="1"');
    expect(junit.stdout).toContain(
      `<testcase classname="janus.accepted" name="fraud_detector_v4: target_leakage" file="${LEAK!.replace(/&/g, '&amp;')}">\n      <skipped message="${words.replace(/'/g, '&apos;')}"/>`,
    );

    expect(md.code, md.stderr).toBe(0);
    expect(md.stdout).toContain('## Janus gate: pass');
    expect(md.stdout).toContain('| fraud_detector_v4 | 100 | trusted | pass |');
    expect(md.stdout).toContain('### Accepted risks (not blocking)');
    expect(md.stdout).toContain(
      `| fraud_detector_v4 | target_leakage (critical) | stg_chargebacks | carol.diaz | ${shortDate(UNTIL)} | backfill running |`,
    );
  });

  it('blocks again once the acceptance has ended (JANUS_AS_OF past it), saying it lapsed', async () => {
    const repo = repoWith(`accepted:\n${entry()}\n`);
    const after = new Date(Date.parse(`${UNTIL}T00:00:00Z`) + 60_000).toISOString();
    const r = await runJanus(['gate', '--model', 'fraud_detector_v4'], { ...demo.env, JANUS_AS_OF: after }, repo);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toContain('BLOCKED: target_leakage (critical)');
    expect(r.stdout).toContain(
      `target_leakage: carol.diaz's acceptance lapsed (expired on ${UNTIL}): it counts again.`,
    );
  });

  it('refuses an entry without a reason, or past the maximum duration: exit 2, each named, DataHub never read', async () => {
    const far = new Date(Date.now() + 120 * DAY).toISOString().slice(0, 10);
    const repo = repoWith(`accepted:\n${entry({ reason: '' })}\n${entry({ until: far })}\n`);
    const offline = { DATAHUB_GMS_URL: 'http://127.0.0.1:9' };
    const r = await runJanus(['gate', '--model', 'fraud_detector_v4'], offline, repo);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(
      `.janus/accepted.yml: entry 1 (${LEAK}): reason is required: say why the risk is acceptable`,
    );
    expect(r.stderr).toMatch(
      new RegExp(`entry 2 \\(.*\\): until ${far}T00:00:00.000Z is 12\\d days after today, past the maximum of 90`),
    );
  });

  it('reads the file --accepted names, and refuses one that is not there', async () => {
    const repo = repoWith(`accepted:\n${entry()}\n`);
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'janus-elsewhere-'));
    const file = path.join(repo, '.janus', 'accepted.yml');
    const [named, missing] = await Promise.all([
      gate(elsewhere, '--accepted', file),
      gate(elsewhere, '--accepted', path.join(elsewhere, 'nope.yml')),
    ]);
    expect(named.code, named.stderr).toBe(0);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('nope.yml: no such file');
  });
});
