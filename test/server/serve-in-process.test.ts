import { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBackModels } from '../../src/app/write-back.js';
import { serveCommand } from '../../src/cli/commands/serve.js';
import { judgePolicy } from '../../src/config/index.js';
import { judgeSchema } from '../../src/config/judge.js';
import { createDataHubClient } from '../../src/datahub/client.js';
import { modelsLinksOp } from '../../src/datahub/queries/incident.js';
import { ConfigError } from '../../src/errors.js';
import { reportPath } from '../../src/core/links.js';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { demoScore } from '../support/demo-verdicts.js';

// `janus serve` run in this process (unit tier); serve-command.test.ts runs the built CLI as a process.
let sim: RunningSim;
beforeAll(async () => {
  sim = await startSim({ demo: true, port: 0 });
});
afterAll(() => sim.close());

/** `janus serve` in this process, stopped when the test says so. */
function serveInProcess(args: string[], env: Record<string, string> = {}) {
  const lines: string[] = [];
  let stop!: () => void;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  const command = serveCommand({
    env: { DATAHUB_GMS_URL: sim.url, JANUS_LOG_LEVEL: 'silent', ...env },
    stdout: { write: (t) => lines.push(t) },
    untilStopped: () => stopped,
  });
  const program = new Command('janus').exitOverride().addCommand(command.exitOverride());
  const done = program.parseAsync(['node', 'janus', 'serve', ...args]);
  const ready = (async () => {
    while (!lines.length) await Promise.race([new Promise((r) => setTimeout(r, 10)), done]);
    return /^janus serve ready (http:\/\/\S+)\n$/.exec(lines[0]!)![1]!;
  })();
  ready.catch(() => undefined); // a command that fails to start rejects `done`, which the test checks
  return { ready, stop, done, lines };
}

describe('janus serve', () => {
  it('listens where asked, serves live reports from the configured DataHub, and stops cleanly', async () => {
    const serve = serveInProcess(['--port', '0', '--host', '127.0.0.1']);
    const url = await serve.ready;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${url}/reports/campaign_uplift_v1`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`<span class="score-value">${demoScore('campaignUplift')}</span>`);
    serve.stop();
    await serve.done;
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
  });

  it('lists the incidents the write-back raised, and the link DataHub holds leads to the report', async () => {
    const own = await startSim({ demo: true, port: 0 });
    try {
      const serve = serveInProcess(['--port', '0', '--host', '127.0.0.1'], { DATAHUB_GMS_URL: own.url });
      const url = await serve.ready;
      const client = createDataHubClient({ url: own.url });
      const result = await writeBackModels({ client, policy: judgePolicy(judgeSchema.parse({})), reportBaseUrl: url }, [
        'session_intent_v1',
      ]);
      expect(result.failed).toEqual([]);
      // The model's link in DataHub, as a person would follow it.
      const links = await client.request(modelsLinksOp, {
        urns: ['urn:li:mlModel:(urn:li:dataPlatform:mlflow,session_intent_v1,PROD)'],
      });
      const link = links.entities?.[0]?.institutionalMemory?.elements.find(
        (l) => l.label === 'Janus Model Impact Report',
      );
      expect(link?.url).toBe(
        `${url}${reportPath('urn:li:mlModel:(urn:li:dataPlatform:mlflow,session_intent_v1,PROD)')}`,
      );
      const res = await fetch(link!.url);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain(`<span class="score-value">${demoScore('sessionIntent')}</span>`);
      expect(html).toContain('<h2>Open incidents</h2>');
      expect(html).toMatch(
        /<td>[^<]*build_stg_sessions[^<]*<\/td><td><span title="urn:li:dataset:\(urn:li:dataPlatform:snowflake,analytics\.stg_sessions,PROD\)">stg_sessions<\/span><\/td><td>ACTIVE<\/td>/,
      );
      serve.stop();
      await serve.done;
    } finally {
      await own.close();
    }
  });

  it('takes the port from PORT when no flag is given', async () => {
    const probe = serveInProcess(['--port', '0', '--host', '127.0.0.1']);
    const free = Number(new URL(await probe.ready).port);
    probe.stop();
    await probe.done;
    const serve = serveInProcess(['--host', '127.0.0.1'], { PORT: String(free) });
    expect(await serve.ready).toBe(`http://127.0.0.1:${free}`);
    serve.stop();
    await serve.done;
  });

  it('refuses a bad DataHub UI URL before listening, naming the setting', async () => {
    const serve = serveInProcess(['--port', '0'], { JANUS_DATAHUB_UI_URL: 'javascript:alert(1)' });
    const err = await serve.done.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).message).toContain('datahub.uiUrl (env JANUS_DATAHUB_UI_URL)');
    expect(serve.lines).toEqual([]);
  });

  it('refuses a bad port', async () => {
    await expect(serveInProcess(['--port', '70000']).done).rejects.toThrow(/port from 0 to 65535/);
  });
});
