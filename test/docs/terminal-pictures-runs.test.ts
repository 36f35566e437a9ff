import { spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { castText, parseCast } from '../../scripts/terminal-pictures/asciicast.js';
import { finalScreenSvg } from '../../scripts/terminal-pictures/final-screen.js';
import { recordPicture, TERMINAL_PICTURES } from '../../scripts/terminal-pictures/sessions.js';
import { CLI, requireBuiltCli } from '../support/built-cli.js';

/**
 * The docs' terminal pictures made from real runs of the built CLI under a pseudo-terminal, as
 * `npm run docs:pictures` makes them (into memory here, not docs/): each a valid asciicast v2 and an SVG whose last
 * lines are `$ echo $?` and the run's exit code.
 */

const picture = (name: string) => TERMINAL_PICTURES.find((p) => p.name === name)!;
const svgLines = (svg: string) => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);

describe('the terminal pictures, from real runs', () => {
  beforeAll(requireBuiltCli);

  it.each([
    ['demo', 0, 'fraud_detector_v4      80  at_risk   target_leakage'],
    ['gate-blocks-leak', 1, 'janus: gate blocked customer_ltv_v2'],
    // recordPicture also refuses a rescan whose first scan wrote nothing (the picture's `expect`)
    ['rescan-writes-nothing', 0, 'Wrote 0 change(s) to DataHub.'],
  ])('%s: a cast with its real timings, and an SVG ending on the exit code %i', async (name, code, line) => {
    const { cast, exitCodes } = await recordPicture(picture(name), CLI);
    expect(exitCodes.at(-1)).toBe(code);

    const read = parseCast(castText(cast));
    expect(read.header).toMatchObject({ version: 2, width: cast.header.width, height: cast.header.height });
    const times = read.events.map(([t]) => t);
    // the run took time: its output came after its prompt, not all at once
    expect(times.at(-1)!).toBeGreaterThan(times[0]!);

    const lines = svgLines(await finalScreenSvg(read));
    expect(lines.slice(-2)).toEqual(['$ echo $?', String(code)]);
    expect(lines).toContain(line);
  });
});

describe('the browser pictures without a browser', () => {
  it.each(['scripts/slack-pictures.mjs', 'scripts/report-pictures.mjs', 'scripts/catches-pictures.mjs'])(
    '%s fails, saying Chromium is missing, rather than leaving a picture out',
    (script) => {
      const run = spawnSync(process.execPath, [script, 'never-written'], {
        env: { PATH: process.env.PATH ?? '', CHROMIUM: '/nonexistent/chromium' },
        encoding: 'utf8',
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toMatch(/No Chromium at \/nonexistent\/chromium/);
    },
  );
});
