import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '@janus/datahub-sim/demo';
import { startSim } from '@janus/datahub-sim';
import { requireBuiltCli, runJanus, useDemoSim } from './run-janus.js';

// Issue 20, case 2: a malformed urn answered "DataHub answered JanusEntities with an error …" and exit 3, as if
// DataHub were down; `gate --output` into a missing folder exited 1. Both are the user's mistake: exit 2, saying
// what was wrong, before DataHub is asked.
const demo = useDemoSim();

const BAD = [
  ['urn:li:mlModel:(', 'is not closed'],
  ['urn:li:mlModel:)', 'parenthesis outside a tuple'],
  ['urn:li:mlModel:(urn:li:dataPlatform:mlflow,fraud_detector_v4,PROD))', 'follows the tuple'],
  ['urn:li:dataset:(urn:li:dataPlatform:snowflake,raw.events,PROD)', 'not an ML model'],
  [`${DEMO.models.fraud}\nrm -rf`, 'control character'],
];

describe('malformed models on the command line', () => {
  beforeAll(requireBuiltCli);

  it.each(BAD)(
    'gate, trust and scan refuse %j with exit 2 and the reason, asking DataHub nothing',
    async (ref, says) => {
      demo.sim.resetStats();
      for (const args of [
        ['gate', '--model', ref],
        ['gate', '--model', 'fraud_detector_v4', '--model', ref],
        ['trust', ref],
        ['scan', '--model', ref],
      ]) {
        const r = await runJanus(args, demo.env);
        expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(2);
        expect(r.stderr).toContain(says);
        expect(r.stderr).not.toMatch(/DataHub answered|\n\s+at /);
      }
      expect(demo.sim.stats().requests).toBe(0);
    },
  );

  it('trims a trailing space or newline from a model', async () => {
    for (const ref of [`${DEMO.models.sessionIntent} `, `${DEMO.models.sessionIntent}\n`, ' session_intent_v1\n']) {
      const r = await runJanus(['trust', ref, '--json'], demo.env);
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout).model.urn).toBe(DEMO.models.sessionIntent);
    }
  });

  it('gate --output into a folder that does not exist: exit 2 naming it, before DataHub is read', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'janus-gate-'));
    const missing = path.join(dir, 'no', 'such', 'report.xml');
    demo.sim.resetStats();
    const r = await runJanus(
      ['gate', '--model', 'fraud_detector_v4', '--format', 'junit', '--output', missing],
      demo.env,
    );
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(path.join(dir, 'no', 'such'));
    expect(r.stderr).toContain('does not exist');
    expect(demo.sim.stats().requests).toBe(0);
  });
});

describe('an HTML wall in front of DataHub (issue 20, case 3)', () => {
  beforeAll(requireBuiltCli);
  it('janus trust says what came back once, in a few lines, and exits 3; the token is never printed', async () => {
    const { startFakeServer, wallPage, WALL_TITLE } = await import('../support/wall.js');
    const wall = await startFakeServer(() => ({ status: 200, type: 'text/html', body: wallPage() }));
    try {
      const token = 'secret-token-0123456789';
      const r = await runJanus(['trust', 'fraud_detector_v4'], {
        DATAHUB_GMS_URL: wall.url,
        DATAHUB_GMS_TOKEN: token,
        JANUS_LOG_LEVEL: 'debug',
      });
      expect(r.code, r.stderr).toBe(3);
      expect(r.stderr.length).toBeLessThan(4_000);
      expect(r.stderr).toContain(`title "${WALL_TITLE}"`);
      expect(r.stderr.split('not GraphQL JSON').length - 1).toBe(1);
      expect(r.stderr).not.toContain(token);
    } finally {
      await wall.close();
    }
  });
});

describe('gate when DataHub cannot be read (issue 20, case 4)', () => {
  beforeAll(requireBuiltCli);
  it('exit 3, and still writes its JUnit file with an errored test case saying why, and JSON status "error"', async () => {
    const { startFakeServer } = await import('../support/wall.js');
    const down = await startFakeServer(() => ({ status: 500, type: 'text/plain', body: 'upstream connect error' }));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'janus-gate-'));
    try {
      const env = { DATAHUB_GMS_URL: down.url, JANUS_DATAHUB_RETRIES: '0' };
      const xml = path.join(dir, 'janus.xml');
      const junit = await runJanus(
        ['gate', '--model', 'fraud_detector_v4', '--model', 'churn_predictor_v2', '--format', 'junit', '--output', xml],
        env,
      );
      expect(junit.code, junit.stderr).toBe(3);
      const report = fs.readFileSync(xml, 'utf8');
      expect(report).toContain('errors="2"');
      expect(report).toMatch(
        /<testcase classname="janus.models" name="fraud_detector_v4">\s*<error type="datahub.graphql"/,
      );
      expect(report).toContain('not judged: DataHub answered');
      const json = await runJanus(['gate', '--model', 'fraud_detector_v4', '--format', 'json'], env);
      expect(json.code, json.stderr).toBe(3);
      const doc = JSON.parse(json.stdout);
      expect(doc).toMatchObject({ status: 'error', pass: false, error: { code: 'datahub.graphql' } });
      expect(doc.error.notJudged).toEqual(['fraud_detector_v4']);
    } finally {
      await down.close();
    }
  });
});

describe('an empty catalog (issue 20, case 9)', () => {
  beforeAll(requireBuiltCli);
  it('scan --all says DataHub holds no ML models and exits 1; gate says so for the model it asked about (exit 2)', async () => {
    const empty = await startSim({ records: [], port: 0 });
    try {
      const env = { DATAHUB_GMS_URL: empty.url };
      const scan = await runJanus(['scan', '--all'], env);
      expect(scan.code, scan.stderr).toBe(1);
      expect(scan.stderr).toContain('holds no ML models: nothing was judged or written');
      const gate = await runJanus(['gate', '--model', 'fraud_detector_v4'], env);
      expect(gate.code, gate.stderr).toBe(2);
      expect(gate.stderr).toContain('holds no ML models at all');
    } finally {
      await empty.close();
    }
  });
});

describe('credentials inside DATAHUB_GMS_URL (issue 38, probe finding 6)', () => {
  beforeAll(requireBuiltCli);
  it('janus trust works through them, and a DataHub that does not answer is named without them', async () => {
    const withCreds = demo.env.DATAHUB_GMS_URL!.replace('http://', 'http://alice:gms-pa55word@');
    const ok = await runJanus(['trust', 'fraud_detector_v4', '--json'], {
      DATAHUB_GMS_URL: withCreds,
      JANUS_LOG_LEVEL: 'debug',
    });
    expect(ok.code, ok.stderr).toBe(0);
    expect(JSON.parse(ok.stdout).datahub).toBe(demo.env.DATAHUB_GMS_URL);
    const down = await runJanus(['trust', 'fraud_detector_v4'], {
      DATAHUB_GMS_URL: 'http://alice:gms-pa55word@127.0.0.1:9',
      JANUS_LOG_LEVEL: 'debug',
      JANUS_DATAHUB_RETRIES: '0',
    });
    expect(down.code, down.stderr).toBe(3);
    expect(ok.stdout + ok.stderr + down.stdout + down.stderr).not.toContain('gms-pa55word');
  });
});
