import { stat } from 'node:fs/promises';
import { Command, InvalidArgumentError } from 'commander';
import type { Logger } from 'pino';
import { FAULT_KINDS, isFaultKind } from '../controls/faults.js';
import { RECORDS_PER_FILE } from '../generate/write.js';
import type { LoadReport } from '../loaders/index.js';
import { untilSignal } from '../shared/signals.js';
import { SimUsageError } from './usage-error.js';
import { DATAHUB_RELEASES, isDataHubRelease, type DataHubRelease } from '../release/releases.js';

export { SimUsageError };

export interface SimCommandDeps {
  /** Default: one from `createLogger`, on stderr, so stdout carries only the ready line (or a generated catalog). */
  logger?: Logger;
  /** Makes the logger when the command first logs; `janus sim` passes Janus's. Default: JSON lines on stderr. */
  createLogger?: () => Logger | Promise<Logger>;
  stdout?: { write(text: string): unknown; isTTY?: boolean };
  /** Where `sim generate` draws its progress (on a terminal) and writes its last line. Default: process.stderr. */
  stderr?: { write(text: string): unknown; isTTY?: boolean; columns?: number };
  /** Resolves when the running simulator should stop. Default: the first SIGTERM or SIGINT. */
  untilStopped?: () => Promise<unknown>;
}

/** A bad option value is a usage error: exit code 2. */
function usageError(message: string): InvalidArgumentError {
  const error = new InvalidArgumentError(message);
  error.exitCode = 2;
  return error;
}

const integer =
  (min: number, max = Number.MAX_SAFE_INTEGER) =>
  (value: string): number => {
    const n = Number(value);
    if (!/^-?\d+$/.test(value.trim()) || !Number.isSafeInteger(n)) throw usageError('Not an integer.');
    if (n < min || n > max) throw usageError(`Must be between ${min} and ${max}.`);
    return n;
  };

function rate(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 0 || n > 1)
    throw usageError('Must be a number between 0 and 1.');
  return n;
}

function faultKind(value: string, previous: string[] | undefined): string[] {
  if (!isFaultKind(value)) throw usageError(`Must be one of ${FAULT_KINDS.join(', ')}.`);
  return [...(previous ?? []), value];
}

function datahubRelease(value: string): DataHubRelease {
  if (!isDataHubRelease(value)) throw usageError(`Must be one of ${DATAHUB_RELEASES.join(', ')}.`);
  return value;
}

function reportedVersion(value: string): string {
  if (!/^v?\d+\.\d+\.\d+\S*$/.test(value)) throw usageError('Must be a version such as v0.15.0.');
  return value.startsWith('v') ? value : `v${value}`;
}

/** A --catalog path that does not exist is a typo on the command line, not an empty catalog to serve. */
/** Each `--catalog` must be a file or a folder: a FIFO or a device (/dev/zero) would block or never end. */
async function mustExist(paths: string[]): Promise<void> {
  const kinds = await Promise.all(
    paths.map((p) =>
      stat(p).then(
        (s) => (s.isFile() || s.isDirectory() ? null : `${p} (not a regular file or a folder)`),
        () => `${p} (no such file or folder)`,
      ),
    ),
  );
  const refused = kinds.filter((k) => k !== null);
  if (refused.length) throw new SimUsageError(`--catalog: ${refused.join(', ')}`);
}

function logLoadReport(
  logger: Logger,
  report: LoadReport,
  formatIssue: (issue: LoadReport['errors'][number]) => string,
): void {
  for (const issue of report.errors) logger.error({ issue: formatIssue(issue) }, 'catalog record not loaded');
  for (const issue of report.warnings)
    logger.warn({ issue: formatIssue(issue) }, 'catalog record dropped or changed, as DataHub would');
  const { files, records, applied, errors, warnings } = report;
  logger.info({ files, records, applied, errors: errors.length, warnings: warnings.length }, 'catalog loaded');
}

/** A tokens file that cannot be read or does not fit its schema is a usage error. */
async function tokensFrom(path: string) {
  const { readTokensFile } = await import('../auth/tokens-file.js');
  return readTokensFile(path).catch((e: unknown) => {
    throw new SimUsageError(`--tokens: ${(e as Error).message}`);
  });
}

interface ServeOptions {
  catalog?: string[];
  port: number;
  host: string;
  latencyMs: number;
  indexLagMs: number;
  failRate: number;
  fault?: string[];
  fieldFailRate: number;
  requestTimeoutMs: number;
  token?: string;
  tokens?: string;
  seed: number;
  datahubVersion: DataHubRelease;
  reportVersion?: string;
  lineageSearchCacheTtl?: number;
}

interface GenerateOptions {
  models: number;
  datasets: number;
  depth: number;
  seed: number;
  out?: string;
  siblings?: boolean;
}

const jsonLinesOnStderr = async (): Promise<Logger> => {
  const { default: pino } = await import('pino');
  return pino({ name: 'datahub-sim' }, pino.destination({ fd: 2, sync: true }));
};

/** `janus sim`: serve DataHub's GraphQL API over metadata files; `janus sim generate`: write a synthetic catalog. */
export function simCommand(deps: SimCommandDeps = {}): Command {
  // the logger, the simulator and the generator load only when a command runs: `janus --help` needs none of them
  const logger = async () =>
    (deps.logger ??= deps.createLogger ? await deps.createLogger() : await jsonLinesOnStderr());
  const stdout = deps.stdout ?? process.stdout;
  const stderr = deps.stderr ?? process.stderr;
  const sim = new Command('sim')
    .description('Run the DataHub simulator: the GMS GraphQL API over DataHub metadata files')
    // `sim generate --seed 7`: options after the subcommand belong to it, not to `sim`.
    .enablePositionalOptions()
    .option(
      '--catalog <file-or-dir...>',
      'DataHub metadata file or folder to load, repeatable (default: the demo catalog)',
    )
    .option('--port <n>', 'port to listen on (0 picks a free one)', integer(0, 65535), 8080)
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--latency-ms <n>', 'delay before answering each GraphQL request', integer(0), 0)
    .option(
      '--index-lag-ms <n>',
      'how long a write takes to show in lists and search (incidents, assertions, run events, lineage); GMS: 1000-3000',
      integer(0),
      0,
    )
    .option('--fail-rate <r>', 'share of GraphQL requests that fail (0..1)', rate, 0)
    .option(
      '--fault <kind>',
      `kind of injected failure, repeatable: ${FAULT_KINDS.join(', ')} (default: all)`,
      faultKind,
    )
    .option('--field-fail-rate <r>', 'share of entity fields that fail alone, as GMS fails one field (0..1)', rate, 0)
    .option(
      '--request-timeout-ms <n>',
      "GMS's request timeout: a request still running after it is answered 503",
      integer(1),
      55_000,
    )
    .option('--token <token>', 'require this bearer token on /api/graphql (it holds every privilege, as an admin)')
    .option(
      '--tokens <file>',
      'more tokens (JSON: {"tokens": {"<token>": {"actor", "privileges", "resourcePrivileges"}}}), each with only its privileges',
    )
    .option('--seed <n>', 'seed of the fault sequence', integer(Number.MIN_SAFE_INTEGER), 1)
    .option(
      '--datahub-version <release>',
      `the DataHub release to be, its schema and its GET /config: ${DATAHUB_RELEASES.join(', ')}`,
      datahubRelease,
      'current',
    )
    .option('--report-version <version>', 'the version GET /config reports instead (e.g. v0.15.0)', reportedVersion)
    .option(
      '--lineage-search-cache-ttl <seconds>',
      "answer lineage searches from GMS's lineage search cache, kept this long (GMS: on, 600), unless skipCache",
      integer(1),
    )
    .action(async (opts: ServeOptions) => {
      await mustExist(opts.catalog ?? []);
      const tokens = opts.tokens ? await tokensFrom(opts.tokens) : undefined;
      const log = await logger();
      const [{ startSim }, { formatIssue }] = await Promise.all([
        import('../http/server.js'),
        import('../loaders/index.js'),
      ]);
      const running = await startSim({
        catalogs: opts.catalog,
        demo: !opts.catalog?.length,
        host: opts.host,
        port: opts.port,
        latencyMs: opts.latencyMs,
        indexLagMs: opts.indexLagMs,
        failRate: opts.failRate,
        faults: opts.fault,
        fieldFailRate: opts.fieldFailRate,
        requestTimeoutMs: opts.requestTimeoutMs,
        seed: opts.seed,
        token: opts.token,
        ...(tokens ? { tokens } : {}),
        ...(opts.lineageSearchCacheTtl ? { lineageSearchCacheTtlMs: opts.lineageSearchCacheTtl * 1000 } : {}),
        logger: log,
        datahubVersion: opts.datahubVersion,
        ...(opts.reportVersion ? { reportedVersion: opts.reportVersion } : {}),
      });
      logLoadReport(log, running.loadReport, formatIssue);
      const { applied, errors } = running.loadReport;
      if (opts.catalog?.length && applied === 0) {
        await running.close();
        const why = errors.length
          ? `every catalog file given failed to load (${errors.length} error${errors.length === 1 ? '' : 's'}, first: ${formatIssue(errors[0]!)})`
          : 'the catalog given holds no records';
        throw new SimUsageError(`${why}: refusing to serve an empty DataHub`);
      }
      stdout.write(`datahub-sim ready ${running.url}\n`);
      const signal = await (deps.untilStopped ?? untilSignal)();
      log.info({ signal }, 'stopping');
      await running.close();
    });

  sim
    .command('generate')
    .description('Write a synthetic catalog in DataHub metadata file format')
    .requiredOption('--models <n>', 'number of ML models', integer(0))
    .requiredOption('--datasets <n>', 'number of datasets', integer(0))
    .requiredOption('--depth <n>', 'lineage hops from a model to its deepest source (min 2)', integer(0))
    .option('--seed <n>', 'random seed', integer(Number.MIN_SAFE_INTEGER), 1)
    .option('--siblings', 'dbt-style siblings: a dbt model beside each warehouse table, as DataHub ingests dbt')
    .option(
      '--out <file-or-dir>',
      'write to this file instead of stdout; a folder (ending in / or existing) gets numbered files of ' +
        `${RECORDS_PER_FILE.toLocaleString('en')} records, for catalogs too large for one file`,
    )
    .action(async ({ models, datasets, depth, seed, out, siblings }: GenerateOptions) => {
      const [
        { formatMetadataFile },
        { generateRecords, planCatalog },
        { isFolderTarget, jsonFilesIn, writeCatalogFile, writeCatalogFolder },
        { countedRecords, generateSummary },
      ] = await Promise.all([
        import('../store/export.js'),
        import('../generate/index.js'),
        import('../generate/write.js'),
        import('./generate-progress.js'),
      ]);
      const options = { models, datasets, depth, seed, siblings: siblings === true };
      planCatalog(options); // bad options throw before any file is written
      if (out && isFolderTarget(out)) {
        const clash = jsonFilesIn(out);
        if (clash.length)
          throw new SimUsageError(
            `--out: ${out} already holds .json files (${clash[0]}, ...), which the simulator would load too`,
          );
      }
      const started = Date.now();
      // live lines only for a person at a terminal, and never into the catalog itself (no --out: stdout carries it)
      const live = !!out && stderr.isTTY === true && stdout.isTTY === true && process.env.TERM !== 'dumb';
      const counted = countedRecords(generateRecords(options), { datasets, models }, live, stderr);
      let written: { files?: number; records: number } | undefined;
      try {
        if (!out) stdout.write(formatMetadataFile(Array.from(counted.records)));
        else if (isFolderTarget(out)) written = writeCatalogFolder(counted.records, out);
        else written = { records: writeCatalogFile(counted.records, out) };
      } finally {
        counted.done();
      }
      if (written) (await logger()).info({ out, ...written }, 'catalog written');
      stderr.write(`${generateSummary(counted.done(), Date.now() - started)}\n`);
    });
  return sim;
}
