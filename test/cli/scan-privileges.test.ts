import { writeBackToken } from '../support/policy-token.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { requireBuiltCli, runJanus } from './run-janus.js';

let sim: RunningSim;
beforeAll(async () => {
  requireBuiltCli();
  sim = await startSim({
    demo: true,
    port: 0,
    // everything a write-back needs but tagging models
    tokens: { janus: writeBackToken('EDIT_ENTITY_TAGS') },
  });
});
afterAll(() => sim?.close());

describe('janus scan with a token that may not tag models', () => {
  it('writes the rest, says once which privilege the tags need, and exits 1', async () => {
    const r = await runJanus(['scan', '--all'], {
      DATAHUB_GMS_URL: sim.url,
      DATAHUB_GMS_TOKEN: 'janus',
      JANUS_LOG_LEVEL: 'warn',
      JANUS_LOG_FORMAT: 'json',
    });
    expect(r.code, r.stderr).toBe(1);
    const refusedLines = r.stdout.split('\n').filter((l) => l.includes('EDIT_ENTITY_TAGS'));
    expect(refusedLines).toHaveLength(1);
    expect(refusedLines[0]).toMatch(/^ {2}REFUSED addTag \(\d+ writes?\): DataHub refused to tag at-risk models/);
    expect(r.stdout).toMatch(/ {2}setTrust /);
    const logs = r.stderr
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { msg: string; privilege?: string; write?: string });
    expect(logs.filter((l) => l.privilege === 'EDIT_ENTITY_TAGS').map((l) => l.write)).toEqual(['addTag']);
    expect(logs.filter((l) => l.msg === 'write-back step failed')).toEqual([]);
    expect(r.stderr).toMatch(/write-back step\(s\) failed: REFUSED addTag \(\d+ writes?\): .*EDIT_ENTITY_TAGS/);
  });
});
