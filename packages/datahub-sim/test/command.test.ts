import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CommanderError, type Command } from 'commander';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { SimUsageError } from '../src/cli/usage-error.js';
import { simCommand } from '../src/cli/command.js';
import { formatMetadataFile } from '../src/store/export.js';
import { generateCatalog } from '../src/generate/index.js';

const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:snowflake,shop.orders,PROD)';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'janus-sim-command-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function writeCatalog(name: string, records: unknown[]): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, formatMetadataFile(records));
  return file;
}

function emptyFolder(): string {
  const folder = path.join(dir, 'empty-catalog');
  fs.mkdirSync(folder, { recursive: true });
  return folder;
}

const CATALOG = writeCatalog('shop.json', [
  {
    entityType: 'dataset',
    entityUrn: DATASET,
    changeType: 'UPSERT',
    aspectName: 'datasetProperties',
    aspect: { json: { name: 'orders', customProperties: {} } },
  },
  { bogus: true },
]);

type Exported = { entityUrn: string; entityType: string }[];
const exportedFrom = async (url: string) => (await (await fetch(`${url}/__sim/export`)).json()) as Exported;

/** Runs `janus sim ...` in process, with stdout, the log and the stop signal in the test's hands. */
function run(args: string[]) {
  const stdout: string[] = [];
  const log: Record<string, unknown>[] = [];
  let stop!: () => void;
  let ready!: (line: string) => void;
  const readyLine = new Promise<string>((resolve) => (ready = resolve));
  const logger = pino({ level: 'debug' }, { write: (line: string) => void log.push(JSON.parse(line)) });
  const command = simCommand({
    logger,
    stdout: {
      write: (text: string) => {
        stdout.push(text);
        ready(text);
      },
    },
    untilStopped: () => new Promise<void>((resolve) => (stop = resolve)),
  });
  silence(command);
  const done = command.parseAsync(args, { from: 'user' });
  done.catch(() => undefined);
  return { stdout, log, readyLine, done, stop: () => stop() };
}

/** Commander errors throw instead of exiting the test process, and print nothing. */
function silence(command: Command): void {
  command.exitOverride().configureOutput({ writeErr: () => undefined, writeOut: () => undefined });
  command.commands.forEach(silence);
}

async function usageError(args: string[]): Promise<CommanderError> {
  const { done } = run(args);
  const error = await done.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CommanderError);
  return error as CommanderError;
}

describe('janus sim', () => {
  it('prints exactly the ready line on stdout, serves the catalog, and stops cleanly', async () => {
    const sim = run(['--catalog', CATALOG, '--port', '0']);
    const line = await sim.readyLine;
    expect(line).toMatch(/^datahub-sim ready http:\/\/127\.0\.0\.1:\d+\n$/);
    const url = line.trim().split(' ')[2]!;
    const res = await fetch(`${url}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: 'query E($urn: String!) { entityExists(urn: $urn) }',
        variables: { urn: DATASET },
      }),
    });
    expect(res.status).toBe(200);
    const exported = await exportedFrom(url);
    expect(exported.map((r) => r.entityUrn)).toEqual([DATASET]);
    sim.stop();
    await expect(sim.done).resolves.toBeDefined();
    expect(sim.stdout).toEqual([line]);
    await expect(fetch(`${url}/__sim/stats`)).rejects.toThrow();
  });

  it('--datahub-version: that release and its version at GET /config; --report-version reports another', async () => {
    const sim = run(['--port', '0', '--datahub-version', '1.0.0', '--report-version', '0.15.0']);
    const url = (await sim.readyLine).trim().split(' ')[2]!;
    const config = (await (await fetch(`${url}/config`)).json()) as { versions: Record<string, { version: string }> };
    expect(config.versions['acryldata/datahub']?.version).toBe('v0.15.0');
    sim.stop();
    await sim.done;
    const error = await usageError(['--datahub-version', '0.15.0']);
    expect(error.exitCode).toBe(2);
    expect(error.message).toContain('Must be one of 1.0.0, 1.3.0, current.');
  });

  it('logs each load error and a summary of the load report', async () => {
    const sim = run(['--catalog', CATALOG, '--port', '0']);
    await sim.readyLine;
    sim.stop();
    await sim.done;
    const errors = sim.log.filter((l) => l.level === 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ msg: 'catalog record not loaded' });
    expect(String(errors[0]!.issue)).toMatch(/shop\.json#1: /);
    expect(sim.log.find((l) => l.msg === 'catalog loaded')).toMatchObject({
      files: 1,
      records: 2,
      errors: 1,
      warnings: 0,
    });
  });

  it('loads the bundled demo catalog when no --catalog is given', async () => {
    const sim = run(['--port', '0']);
    const url = (await sim.readyLine).trim().split(' ')[2]!;
    const exported = await exportedFrom(url);
    sim.stop();
    await sim.done;
    expect(exported.some((r) => r.entityType === 'mlModel')).toBe(true);
  });

  it('applies the token, latency and fault options', async () => {
    const sim = run([
      '--catalog',
      CATALOG,
      '--port',
      '0',
      '--token',
      't0k',
      '--fail-rate',
      '1',
      '--fault',
      '500',
      '--latency-ms',
      '50',
    ]);
    const url = (await sim.readyLine).trim().split(' ')[2]!;
    const started = performance.now();
    const res = await fetch(`${url}/api/graphql`, { method: 'POST', body: '{"query": "{ me { corpUser { urn } } }"}' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(49);
    expect(res.status).toBe(500);
    const stats = (await (await fetch(`${url}/__sim/stats`)).json()) as { faults: Record<string, number> };
    expect(stats.faults['500']).toBe(1);
    sim.stop();
    await sim.done;
  });

  it('serves the tokens of a --tokens file, each with its privileges', async () => {
    const file = path.join(dir, 'tokens.json');
    const bot = { actor: 'urn:li:corpuser:bot', privileges: ['CREATE_TAGS'] };
    fs.writeFileSync(file, JSON.stringify({ tokens: { bot } }));
    const sim = run(['--catalog', CATALOG, '--port', '0', '--tokens', file]);
    const url = (await sim.readyLine).trim().split(' ')[2]!;
    const me = (token: string) =>
      fetch(`${url}/api/graphql`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: '{"query": "{ me { corpUser { urn } platformPrivileges { createTags manageTags } } }"}',
      });
    expect(await (await me('bot')).json()).toEqual({
      data: {
        me: { corpUser: { urn: 'urn:li:corpuser:bot' }, platformPrivileges: { createTags: true, manageTags: false } },
      },
    });
    expect((await me('other')).status).toBe(401);
    sim.stop();
    await sim.done;
  });

  it.each([
    ['not JSON', '{', /--tokens: .*tokens-bad\.json: /],
    ['an unknown privilege', { tokens: { t: { actor: 'urn:li:corpuser:x', privileges: ['EDIT_ALL'] } } }, /EDIT_ALL/],
    ['an actor that is not a user', { tokens: { t: { actor: 'janus' } } }, /tokens\.t\.actor/],
  ])('refuses a --tokens file with %s (exit code 2), before listening', async (_what, content, message) => {
    const file = path.join(dir, 'tokens-bad.json');
    fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
    const sim = run(['--catalog', CATALOG, '--port', '0', '--tokens', file]);
    await expect(sim.done).rejects.toBeInstanceOf(SimUsageError);
    await expect(sim.done).rejects.toThrow(message);
    expect(sim.stdout).toEqual([]);
  });

  it('refuses a --catalog path that does not exist, before listening', async () => {
    const sim = run(['--catalog', CATALOG, '--catalog', path.join(dir, 'typo.json'), '--port', '0']);
    await expect(sim.done).rejects.toBeInstanceOf(SimUsageError);
    await expect(sim.done).rejects.toThrow(/typo\.json/);
    expect(sim.stdout).toEqual([]);
  });

  // Issue 38: a FIFO or a device would block the read or never end it
  it('refuses a --catalog or --tokens that is a device (/dev/zero), before listening', async () => {
    const catalog = run(['--catalog', '/dev/zero', '--port', '0']);
    await expect(catalog.done).rejects.toThrow(
      new SimUsageError('--catalog: /dev/zero (not a regular file or a folder)'),
    );
    const tokens = run(['--catalog', CATALOG, '--port', '0', '--tokens', '/dev/zero']);
    await expect(tokens.done).rejects.toThrow(new SimUsageError('--tokens: /dev/zero: not a regular file'));
    expect([...catalog.stdout, ...tokens.stdout]).toEqual([]);
  });

  it('refuses to serve when every catalog file given failed to load (issue 20, case 9)', async () => {
    const broken = path.join(dir, 'broken.json');
    fs.writeFileSync(broken, '[{"entityType": "dataset", "entityUrn"');
    const sim = run(['--catalog', broken, '--catalog', writeCatalog('junk.json', [{ bogus: true }]), '--port', '0']);
    await expect(sim.done).rejects.toBeInstanceOf(SimUsageError);
    await expect(sim.done).rejects.toThrow(/every catalog file given failed to load .*broken\.json#-1: not valid JSON/);
    expect(sim.stdout).toEqual([]);
  });

  it.each([
    ['an empty folder', emptyFolder, /empty-catalog#-1: the folder holds no regular \.json file/],
    ['a file of no records', () => writeCatalog('no-records.json', []), /the catalog given holds no records/],
  ])(
    'refuses to serve %s (issue 38, finding 8): nothing to serve is not an empty DataHub',
    async (_what, make, message) => {
      const sim = run(['--catalog', make(), '--port', '0']);
      await expect(sim.done).rejects.toBeInstanceOf(SimUsageError);
      await expect(sim.done).rejects.toThrow(message);
      await expect(sim.done).rejects.toThrow(/refusing to serve an empty DataHub/);
      expect(sim.stdout).toEqual([]);
    },
  );

  it.each([
    [['--port', 'abc']],
    [['--port', '70000']],
    [['--port', '80.5']],
    [['--latency-ms', '-1']],
    [['--fail-rate', '1.5']],
    [['--fail-rate', 'often']],
    [['--seed', 'x']],
    [['--fault', 'explode']],
  ])('rejects %j with a usage error (exit code 2)', async (args) => {
    const error = await usageError(args);
    expect(error.code).toBe('commander.invalidArgument');
    expect(error.exitCode).toBe(2);
  });
});

describe('janus sim generate', () => {
  const options = { models: 2, datasets: 5, depth: 2, seed: 7 };
  const args = ['generate', '--models', '2', '--datasets', '5', '--depth', '2', '--seed', '7'];

  it('writes the generated catalog to stdout in the file-sink format', async () => {
    const sim = run(args);
    await sim.done;
    expect(sim.stdout.join('')).toBe(formatMetadataFile(generateCatalog(options)));
  });

  it('writes it to --out instead', async () => {
    const out = path.join(dir, 'generated.json');
    const sim = run([...args, '--out', out]);
    await sim.done;
    expect(sim.stdout).toEqual([]);
    expect(fs.readFileSync(out, 'utf8')).toBe(formatMetadataFile(generateCatalog(options)));
  });

  it('writes a folder of numbered files with --out DIR/: one file, the same text, for a catalog this small', async () => {
    const out = path.join(dir, 'generated-folder');
    const big = ['generate', '--models', '20', '--datasets', '300', '--depth', '4', '--seed', '3'];
    const sim = run([...big, '--out', `${out}${path.sep}`]);
    await sim.done;
    expect(fs.readdirSync(out)).toEqual(['part-0001.json']);
    const single = path.join(dir, 'generated-single.json');
    await run([...big, '--out', single]).done;
    expect(fs.readFileSync(path.join(out, 'part-0001.json'), 'utf8')).toBe(fs.readFileSync(single, 'utf8'));
    // an existing folder is a folder too; one that already holds .json files would mix them in
    const again = run([...big, '--out', out]);
    await expect(again.done).rejects.toBeInstanceOf(SimUsageError);
    await expect(again.done).rejects.toThrow(/already holds \.json files/);
  });

  it('rejects a count that is not a whole number', async () => {
    const error = await usageError(['generate', '--models', 'two', '--datasets', '5', '--depth', '2']);
    expect(error.exitCode).toBe(2);
  });

  it('requires --models, --datasets and --depth', async () => {
    const error = await usageError(['generate', '--models', '2']);
    expect(error.code).toBe('commander.missingMandatoryOptionValue');
  });
});
