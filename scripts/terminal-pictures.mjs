// Records the terminal pictures of the docs from real runs of the built CLI (scripts/terminal-pictures/sessions.ts):
// each an asciicast v2 with its real timings (docs/casts/<name>.cast, for asciinema-player) and its last screen as a
// static SVG (docs/img/terminal-<name>.svg). Part of `npm run docs:pictures` (it builds first):
//
//   node scripts/terminal-pictures.mjs [imgDir] [castDir]     (default docs/img docs/casts; after the build)
//
// Exits non-zero when a picture cannot be made: a run that does not show what it must (its exit code, its lines),
// util-linux's `script` missing.
import fs from 'node:fs';
import path from 'node:path';

const IMG = process.argv[2] ?? 'docs/img';
const CASTS = process.argv[3] ?? 'docs/casts';
const BUILT = new URL('../dist/scripts/terminal-pictures/', import.meta.url);
const CLI = path.resolve('dist/src/cli.js');
if (!fs.existsSync(new URL('sessions.js', BUILT)) || !fs.existsSync(CLI)) {
  console.error('dist/ lacks the CLI or scripts/terminal-pictures: run `npm run docs:pictures` (it builds first).');
  process.exit(1);
}
const { TERMINAL_PICTURES, recordPicture } = await import(new URL('sessions.js', BUILT).href);
const { castText } = await import(new URL('asciicast.js', BUILT).href);
const { finalScreenSvg } = await import(new URL('final-screen.js', BUILT).href);

fs.mkdirSync(IMG, { recursive: true });
fs.mkdirSync(CASTS, { recursive: true });
let failed = 0;
for (const picture of TERMINAL_PICTURES) {
  try {
    const { cast, exitCodes } = await recordPicture(picture, CLI);
    const castFile = path.join(CASTS, `${picture.name}.cast`);
    const svgFile = path.join(IMG, `terminal-${picture.name}.svg`);
    fs.writeFileSync(castFile, castText(cast));
    fs.writeFileSync(svgFile, await finalScreenSvg(cast));
    const seconds = cast.events.at(-1)?.[0] ?? 0;
    console.log(
      `${castFile}, ${svgFile}: ${cast.header.title} (exit ${exitCodes.join(', ')}; ${seconds.toFixed(1)} s)`,
    );
  } catch (err) {
    failed++;
    console.error(`terminal picture ${picture.name} cannot be made: ${err instanceof Error ? err.message : err}`);
  }
}
if (failed) process.exit(1);
