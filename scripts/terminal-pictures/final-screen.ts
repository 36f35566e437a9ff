import serializeAddon from '@xterm/addon-serialize';
import xterm from '@xterm/headless';
import ansiToSvg from 'ansi-to-svg';
import { castOutput, type Cast } from './asciicast.js';

/**
 * The last screen of a cast as a static SVG: the output replayed through a terminal emulator (xterm.js, headless:
 * carriage returns, line clears, wrapping and colours as a terminal applies them), each screen row serialized back to
 * text with its SGR colour codes, drawn by ansi-to-svg.
 */

/** CSI n C: the cursor n columns forward. */
const CURSOR_FORWARD = new RegExp(String.raw`\u001b\[(\d*)C`, 'g');

/** The cast's last screen (its `height` rows, the ones a person sees at the end), blank rows at the bottom left out. */
export async function finalScreen(cast: Cast): Promise<string> {
  const term = new xterm.Terminal({
    cols: cast.header.width,
    rows: cast.header.height,
    allowProposedApi: true,
    scrollback: 0,
  });
  const serializer = new serializeAddon.SerializeAddon();
  term.loadAddon(serializer);
  await new Promise<void>((resolve) => term.write(castOutput(cast), resolve));
  // row by row: serializing the screen whole joins a wrapped line back into one, wider than the terminal; the
  // serializer moves the cursor over blanks, which ansi-to-svg does not read: spaces again
  const rows = Array.from({ length: term.buffer.active.length }, (_, y) =>
    serializer
      .serialize({ range: { start: y, end: y } })
      .replace(CURSOR_FORWARD, (_, n: string) => ' '.repeat(Number(n || 1))),
  );
  term.dispose();
  while (rows.length && rows.at(-1)!.trim() === '') rows.pop();
  return rows.join('\n');
}

export async function finalScreenSvg(cast: Cast): Promise<string> {
  const svg = ansiToSvg(await finalScreen(cast), {
    fontFamily: "'DejaVu Sans Mono', Menlo, Consolas, monospace",
    fontSize: 14,
    lineHeight: 18,
    paddingTop: 12,
    paddingLeft: 14,
    paddingBottom: 12,
    paddingRight: 14,
    colors: { backgroundColor: '#1e1e2e', foregroundColor: '#e4e4ef' },
  });
  // its natural size (a page shows it at that, not stretched to the column); runs of spaces inside a line kept as a
  // terminal keeps them (SVG text collapses them: a table's columns would close up; Chrome reads xml:space only on
  // the text itself), leading ones dropped (ansi-to-svg already moved the text past them)
  const [, , width, height] = /viewBox="([\d.]+),\s*([\d.]+),\s*([\d.]+),\s*([\d.]+)"/.exec(svg)?.slice(1) ?? [];
  if (!width || !height) throw new Error('ansi-to-svg drew an SVG without a viewBox');
  return svg
    .replace('<svg ', `<svg width="${Math.ceil(Number(width))}" height="${Math.ceil(Number(height))}" `)
    .replace(/<text([^>]*)> */g, '<text xml:space="preserve"$1>');
}
