import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { LINEAGE_FILE_MAX_BYTES } from '../../src/datahub/lineage-file.js';
import { gateSchema } from '../../src/config/gate.js';
import { bigLineageYaml } from '../support/big-lineage.js';
import { rounds } from '../support/thorough.js';
import { requireBuiltCli, runJanus, useDemoSim } from './run-janus.js';

// Issue 38, finding 5: a FIFO named by --lineage, --output or --config (and --config /dev/zero) hung janus; unknown
// config keys were ignored; a 7.9 MB lineage file made one gate run read DataHub for 2 min 53 s (23,398 requests);
// a 100 KB model name was echoed whole. Each is now refused (exit 2) in one line, before DataHub is read.
const demo = useDemoSim();
const LEAKY = 'test/fixtures/lineage/leaky-tenure.yml';
const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'janus-bounded-'));
const lines = (stderr: string) => stderr.trim().split('\n');

function fifoIn(dir: string): string {
  const fifo = path.join(dir, 'pipe');
  execFileSync('mkfifo', [fifo]);
  return fifo;
}

describe('a file option naming a FIFO or a device', () => {
  beforeAll(requireBuiltCli);

  it('--lineage, --output and --config on a FIFO, and /dev/zero: exit 2 in one line naming it, DataHub not asked', async () => {
    const fifo = fifoIn(tmp());
    const cases: [string[], string][] = [
      [['gate', '--model', 'fraud_detector_v4', '--lineage', fifo], `lineage file ${fifo}: is a FIFO`],
      [['gate', '--model', 'fraud_detector_v4', '--output', fifo], `--output ${fifo} is a FIFO`],
      [['--config', fifo, 'gate', '--model', 'fraud_detector_v4'], `config file ${fifo}: is a FIFO`],
      [['--config', '/dev/zero', 'trust', 'fraud_detector_v4'], 'config file /dev/zero: is a character device'],
      [['gate', '--model', 'fraud_detector_v4', '--lineage', '/dev/zero'], 'lineage file /dev/zero: is a character'],
      [['gate', '--model', 'fraud_detector_v4', '--output', '/dev/zero'], '--output /dev/zero is a character device'],
      [['trust', 'fraud_detector_v4', '--report-dir', fifo], `--report-dir ${fifo}: not a folder`],
    ];
    demo.sim.resetStats();
    // side by side: a run that hangs fails the test by its timeout
    const runs = await Promise.all(cases.map(([args]) => runJanus(args, demo.env)));
    runs.forEach((r, i) => {
      expect(r.code, `${cases[i]![0].join(' ')}: ${r.stderr}`).toBe(2);
      expect(lines(r.stderr)).toHaveLength(1);
      expect(r.stderr).toContain(`janus: ${cases[i]![1]}`);
    });
    expect(demo.sim.stats().requests).toBe(0);
  });

  it('--output onto a regular file still writes the report there', async () => {
    const file = path.join(tmp(), 'janus.xml');
    fs.writeFileSync(file, 'old and longer than the report will be '.repeat(200));
    const r = await runJanus(
      ['gate', '--model', 'churn_predictor_v2', '--format', 'junit', '--output', file],
      demo.env,
    );
    expect(r.code, r.stderr).not.toBe(2);
    expect(fs.readFileSync(file, 'utf8')).toMatch(/^<\?xml[\s\S]*<\/testsuites>\s*$/);
  });
});

describe('config keys Janus does not know', () => {
  beforeAll(requireBuiltCli);

  it('are each named, with its path and the closest known key: exit 2, every one at once', async () => {
    const dir = tmp();
    fs.writeFileSync(
      path.join(dir, 'janus.config.yaml'),
      [
        'datahub:',
        '  timeoutMS: 5000',
        '  retrys: 2',
        'scan:',
        '  intervall: 5s',
        'judge:',
        '  detectors:',
        '    missing_owner:',
        '      wieght: 3',
        'datahubb: {}',
        '',
      ].join('\n'),
    );
    demo.sim.resetStats();
    const r = await runJanus(['trust', 'fraud_detector_v4'], demo.env, dir);
    expect(r.code, r.stderr).toBe(2);
    for (const line of [
      'datahub.timeoutMS (janus.config.yaml): unknown setting; did you mean `timeoutMs`?',
      'datahub.retrys (janus.config.yaml): unknown setting; did you mean `retries`?',
      'scan.intervall (janus.config.yaml): unknown setting; did you mean `interval`?',
      'judge.detectors.missing_owner.wieght (janus.config.yaml): unknown setting; did you mean `weight`?',
      'datahubb (janus.config.yaml): unknown setting; did you mean `datahub`?',
    ])
      expect(r.stderr).toContain(line);
    expect(demo.sim.stats().requests).toBe(0);
  });
});

describe('the work a proposed lineage may cause', () => {
  beforeAll(requireBuiltCli);
  const { maxLineageEdges, maxEntitiesRead } = gateSchema.parse({});

  it(`a file proposing more than gate.maxLineageEdges (${maxLineageEdges}) edges: exit 2 naming the limit and the count, DataHub not asked`, async () => {
    // the reported 7.9 MB, 46,602-edge file with JANUS_THOROUGH=1; else just past the default limit
    const edges = rounds(46_602, maxLineageEdges + 1);
    const file = path.join(tmp(), 'proposed.yml');
    fs.writeFileSync(file, bigLineageYaml(edges));
    expect(fs.statSync(file).size).toBeLessThan(LINEAGE_FILE_MAX_BYTES);
    demo.sim.resetStats();
    const r = await runJanus(['gate', '--model', 'customer_ltv_v2', '--lineage', file], demo.env);
    expect(r.code, r.stderr).toBe(2);
    expect(lines(r.stderr)).toHaveLength(1);
    expect(r.stderr).toContain(
      `proposes ${edges.toLocaleString('en-US')} edges, more than gate.maxLineageEdges (${maxLineageEdges.toLocaleString('en-US')}; env JANUS_GATE_MAX_LINEAGE_EDGES)`,
    );
    expect(demo.sim.stats().requests).toBe(0);
  });

  it('a limit set lower counts column edges too (the fixture: 1 dataset edge, 1 column edge)', async () => {
    demo.sim.resetStats();
    const r = await runJanus(['gate', '--model', 'customer_ltv_v2', '--lineage', LEAKY], {
      ...demo.env,
      JANUS_GATE_MAX_LINEAGE_EDGES: '1',
    });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain('proposes 2 edges, more than gate.maxLineageEdges (1;');
    expect(demo.sim.stats().requests).toBe(0);
  });

  it(`reading more than gate.maxEntitiesRead (default ${maxEntitiesRead}) entities stops: exit 2 naming it, fewer requests than the whole read`, async () => {
    demo.sim.resetStats();
    const whole = await runJanus(['gate', '--model', 'customer_ltv_v2', '--lineage', LEAKY], demo.env);
    expect(whole.code, whole.stderr).toBe(1); // the leak the fixture proposes blocks it
    const wholeRequests = demo.sim.stats().requests;
    demo.sim.resetStats();
    const r = await runJanus(['gate', '--model', 'customer_ltv_v2', '--lineage', LEAKY], {
      ...demo.env,
      JANUS_GATE_MAX_ENTITIES_READ: '3',
    });
    expect(r.code, r.stderr).toBe(2);
    expect(lines(r.stderr)).toHaveLength(1);
    expect(r.stderr).toMatch(
      /would read at least 4 entities from DataHub, more than gate\.maxEntitiesRead \(3; env JANUS_GATE_MAX_ENTITIES_READ\)/,
    );
    expect(demo.sim.stats().requests).toBeLessThan(wholeRequests);
  });

  it('a proposal naming more datasets than gate.maxEntitiesRead is refused before DataHub is asked', async () => {
    demo.sim.resetStats();
    const r = await runJanus(['gate', '--model', 'customer_ltv_v2', '--lineage', LEAKY], {
      ...demo.env,
      JANUS_GATE_MAX_ENTITIES_READ: '1',
    });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain('would read at least 2 entities from DataHub, more than gate.maxEntitiesRead (1;');
    expect(demo.sim.stats().requests).toBe(0);
  });
});

describe('a huge model name', () => {
  beforeAll(requireBuiltCli);

  it('is clipped in the error: a few hundred characters, an ellipsis and its length', async () => {
    const name = `m${'x'.repeat(100 * 1024 - 1)}`;
    const r = await runJanus(['trust', name], demo.env);
    expect(r.code, r.stderr.slice(0, 500)).toBe(2);
    expect(r.stderr).toContain(`no model named "m${'x'.repeat(299)}… (102,400 characters)" in DataHub`);
    expect(r.stderr.length).toBeLessThan(2_000);
  });
});
