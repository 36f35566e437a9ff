import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ingestProposal } from '@janus/datahub-sim/ingest-client';
import { requireBuiltCli, runJanus } from './run-janus.js';
import { useDemoSimWithWriters } from '../support/writer-sim.js';

/**
 * Who may accept from the CLI: the token's DataHub user, with the email and groups DataHub holds for them. In the demo
 * catalog fraud_detector_v4 and the leak's feature are owned by Dev Patel and the group Risk ML; erin.walsh (Growth
 * ML) owns neither; gus.lindqvist is nobody until he joins Risk ML.
 */
const ROOT = 'tok-root-7qv';
const demo = useDemoSimWithWriters({ 'tok-gus-9fz': 'gus.lindqvist', 'tok-erin-4kw': 'erin.walsh' }, { token: ROOT });
const env = (token: string, more: Record<string, string> = {}) => ({
  DATAHUB_GMS_URL: demo.sim.url,
  DATAHUB_GMS_TOKEN: token,
  ...more,
});

const accept = (token: string, reason: string, more: Record<string, string> = {}) =>
  runJanus(['accept', 'fraud_detector_v4', 'target_leakage', '--reason', reason, '--days', '7'], env(token, more));

describe('janus accept: owners through a group, admins by email (the built CLI, the simulator)', () => {
  beforeAll(requireBuiltCli);

  it('a stranger is refused naming who may; once a member of an owning group (ingested), he accepts', async () => {
    const stranger = await accept('tok-gus-9fz', 'team call');
    expect(stranger.code).toBe(2);
    expect(stranger.stderr).toContain(
      "gus.lindqvist may not accept risks on fraud_detector_v4: only its owners or the finding's, directly or through a group (",
    );
    expect(stranger.stderr).toMatch(/\(.*Risk ML.*\)/);
    expect(stranger.stderr).toMatch(/\(.*Dev Patel.*\)/);

    // as ingestion writes it: a groupMembership aspect on the user
    const ingested = await ingestProposal(
      demo.sim.url,
      {
        entityType: 'corpuser',
        entityUrn: 'urn:li:corpuser:gus.lindqvist',
        aspectName: 'groupMembership',
        aspect: { groups: ['urn:li:corpGroup:risk-ml'] },
      },
      { token: ROOT },
    );
    expect(ingested.status).toBe(200);

    const member = await accept('tok-gus-9fz', 'retraining Monday');
    expect(member.code, member.stderr).toBe(0);
    expect(member.stdout).toMatch(/^fraud_detector_v4: target_leakage \(critical\) accepted by gus\.lindqvist until /);
  });

  it('an admin listed by email (any case) accepts; without the listing she is refused, told an admin may', async () => {
    const admins = { JANUS_SLACK_ADMINS: 'U0SOMEONE,urn:li:corpuser:someone.else' };
    const refused = await accept('tok-erin-4kw', 'fine by me', admins);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('erin.walsh may not accept risks on fraud_detector_v4');
    expect(refused.stderr).toContain('or an admin (slack.admins) may');

    const admin = await accept('tok-erin-4kw', 'known issue, ticket RISK-12', {
      JANUS_SLACK_ADMINS: 'U0SOMEONE, Erin.Walsh@AcmePay.example',
    });
    expect(admin.code, admin.stderr).toBe(0);
    expect(admin.stdout).toContain('accepted by erin.walsh until ');

    // the audit: the newer acceptance replaced the group member's, which stays on record; past its end the newer is
    // listed lapsed, with who and why
    const later = new Date(Date.now() + 8 * 86_400_000).toISOString();
    const [now, after] = await Promise.all([
      runJanus(['accepted', 'fraud_detector_v4', '--json'], env(ROOT)),
      runJanus(['accepted', 'fraud_detector_v4', '--json'], env(ROOT, { JANUS_AS_OF: later })),
    ]);
    expect(now.code, now.stderr).toBe(0);
    const replaced = expect.objectContaining({
      by: 'gus.lindqvist',
      status: 'lapsed',
      lapse: expect.stringMatching(/^replaced on \d{4}-\d{2}-\d{2} by erin\.walsh$/),
    });
    expect(JSON.parse(now.stdout).accepted).toEqual([
      expect.objectContaining({ by: 'erin.walsh', reason: 'known issue, ticket RISK-12', status: 'active' }),
      replaced,
    ]);
    // the report the CLI writes lists it too
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'janus-accepted-report-'));
    const report = await runJanus(['trust', 'fraud_detector_v4', '--report-dir', dir], env(ROOT));
    expect(report.code, report.stderr).toBe(0);
    const html = fs.readFileSync(path.join(dir, 'fraud_detector_v4.html'), 'utf8');
    expect(html).toMatch(/aria-label="accepted risks">.*acc-active.*erin\.walsh.*known issue, ticket RISK-12/s);
    fs.rmSync(dir, { recursive: true, force: true });

    expect(after.code, after.stderr).toBe(0);
    expect(JSON.parse(after.stdout).accepted).toEqual([
      expect.objectContaining({
        by: 'erin.walsh',
        reason: 'known issue, ticket RISK-12',
        status: 'lapsed',
        lapse: expect.stringMatching(/^expired on \d{4}-\d{2}-\d{2}$/),
      }),
      replaced,
    ]);
  });
});
