import { startSim } from '@janus/datahub-sim';
import { castOutput } from './asciicast.js';
import { recordSession, type Recording, type Session, type Step } from './record.js';

/**
 * The terminal pictures of the docs, each a real run of the built CLI: `janus demo`; `janus gate` blocking a proposed
 * leak (exit 1) and a rescan writing nothing, each against a DataHub simulator of its own with the demo catalog.
 */

export interface TerminalPicture {
  /** docs/casts/<name>.cast and docs/img/terminal-<name>.svg */
  name: string;
  /** What the run must show, or the picture is not made (a changed CLI should fail the pictures, not draw them). */
  expect: { exitCode: number; shows: RegExp[] };
  /** Runs against a simulator of its own (`janus demo` starts its own). */
  simulator: boolean;
  session: (cli: string, datahub: string) => Session;
}

/** The proposal docs/gate.md shows: customer_ltv_v2's feature tenure_days would derive from its label's column. */
export const LEAKING_LINEAGE = 'test/fixtures/lineage/leaky-tenure.yml';

const janus = (cli: string, ...args: string[]): Step => ({
  shown: ['janus', ...args].join(' '),
  argv: [process.execPath, cli, ...args],
});
// colours wherever the CLI has them; the log at warn, as a person running it sees it
const base = (datahub: string) => ({
  FORCE_COLOR: '1',
  JANUS_LOG_LEVEL: 'warn',
  PATH: process.env.PATH ?? '',
  ...(datahub ? { DATAHUB_GMS_URL: datahub } : {}),
});
const simulator = (datahub: string) => `$ export DATAHUB_GMS_URL=${datahub}   # janus sim: the demo catalog`;

export const TERMINAL_PICTURES: TerminalPicture[] = [
  {
    name: 'demo',
    simulator: false,
    expect: { exitCode: 0, shows: [/Janus demo: 5 models/, /fraud_detector_v4\s+80\s+at_risk/] },
    session: (cli) => ({
      title: 'janus demo',
      cols: 120,
      rows: 64,
      env: base(''),
      steps: [janus(cli, 'demo')],
      showExit: true,
    }),
  },
  {
    name: 'gate-blocks-leak',
    simulator: true,
    expect: { exitCode: 1, shows: [/BLOCKED: target_leakage/, /gate blocked customer_ltv_v2/] },
    session: (cli, datahub) => ({
      title: 'janus gate blocks a proposed leak',
      cols: 124,
      rows: 18,
      env: base(datahub),
      preamble: [simulator(datahub)],
      steps: [janus(cli, 'gate', '--model', 'customer_ltv_v2', '--lineage', LEAKING_LINEAGE)],
      showExit: true,
    }),
  },
  {
    name: 'rescan-writes-nothing',
    simulator: true,
    expect: {
      exitCode: 0,
      shows: [
        /Wrote [1-9]\d* change\(s\) to DataHub/,
        /Wrote 0 change\(s\) to DataHub\.\s*(janus scan: .*; 0 writes applied, 0 failed;.*\s*)?\$ echo/,
      ],
    },
    session: (cli, datahub) => ({
      title: 'janus scan, then the same scan again: nothing to write',
      cols: 100,
      rows: 80,
      env: base(datahub),
      preamble: [simulator(datahub)],
      steps: [janus(cli, 'scan', '--all'), janus(cli, 'scan', '--all')],
      showExit: true,
    }),
  },
];

/** Records one picture's run; throws when the run does not show what it must. */
export async function recordPicture(picture: TerminalPicture, cli: string, cwd?: string): Promise<Recording> {
  const sim = picture.simulator ? await startSim({ demo: true, port: 0 }) : undefined;
  try {
    const recording = await recordSession({ ...picture.session(cli, sim?.url ?? ''), ...(cwd ? { cwd } : {}) });
    const output = castOutput(recording.cast);
    const last = recording.exitCodes.at(-1);
    const missing = picture.expect.shows.filter((re) => !re.test(output));
    if (last !== picture.expect.exitCode || missing.length)
      throw new Error(
        `${picture.name}: exit ${last} (expected ${picture.expect.exitCode})${missing.length ? `, output lacks ${missing.join(', ')}` : ''}:\n${output.slice(-2000)}`,
      );
    return recording;
  } finally {
    await sim?.close();
  }
}
