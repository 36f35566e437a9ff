import { describe, expect, it } from 'vitest';
import { castText, parseCast, type Cast } from '../../scripts/terminal-pictures/asciicast.js';
import { finalScreen, finalScreenSvg } from '../../scripts/terminal-pictures/final-screen.js';

/** The terminal pictures' pieces that need no process: the asciicast v2 text, the last screen, its SVG. */

const cast = (width: number, height: number, ...output: string[]): Cast => ({
  header: { version: 2, width, height, timestamp: 1_700_000_000, title: 't', env: { TERM: 'xterm-256color' } },
  events: output.map((data, i) => [i * 0.25, 'o', data]),
});
/** The SVG's lines of text, in order. */
const svgLines = (svg: string) => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);

describe('an asciicast v2', () => {
  it('is a header line, then one [time, "o", data] line an event, and reads back the same', () => {
    const c = cast(80, 24, '$ janus gate\r\n', 'blocked\r\n');
    const text = castText(c);
    const lines = text.trimEnd().split('\n');
    expect(JSON.parse(lines[0]!)).toEqual({
      version: 2,
      width: 80,
      height: 24,
      timestamp: 1_700_000_000,
      title: 't',
      env: { TERM: 'xterm-256color' },
    });
    expect(lines.slice(1).map((l) => JSON.parse(l))).toEqual([
      [0, 'o', '$ janus gate\r\n'],
      [0.25, 'o', 'blocked\r\n'],
    ]);
    expect(parseCast(text)).toEqual(c);
  });

  it('is refused when its header is not version 2, an event is malformed, or time goes back', () => {
    expect(() => parseCast('{"version":1,"width":80,"height":24}\n')).toThrow();
    expect(() => parseCast('{"version":2,"width":80,"height":24}\n[0.1,"o"]\n')).toThrow(/event 1/);
    expect(() => parseCast('{"version":2,"width":80,"height":24}\n[0.5,"o","a"]\n[0.2,"o","b"]\n')).toThrow(
      /back in time/,
    );
    expect(() => parseCast('')).toThrow(/no header/);
  });
});

describe("a cast's last screen", () => {
  it('is what a terminal shows: a line cleared by \\r and ESC[K rewritten, a long line wrapped at the width', async () => {
    const screen = await finalScreen(cast(20, 10, '[1/2] a\r\x1b[K[2/2] b\r\n', 'x'.repeat(25), '\r\n'));
    expect(screen.split('\n')).toEqual(['[2/2] b', 'x'.repeat(20), 'x'.repeat(5)]);
  });

  it('keeps only the last `height` rows (the last one the empty row the cursor waits on)', async () => {
    const lines = Array.from({ length: 30 }, (_, i) => `line ${i}\r\n`);
    const screen = await finalScreen(cast(20, 5, ...lines, '$ echo $?\r\n1\r\n'));
    expect(screen.split('\n')).toEqual(['line 28', 'line 29', '$ echo $?', '1']);
  });

  it("is drawn as an SVG of the terminal's size ending on the exit line, spaces and colours kept", async () => {
    const svg = await finalScreenSvg(
      cast(40, 8, '$ janus gate\r\n', '  model     score\r\n', '\x1b[31mBLOCKED\x1b[0m\r\n', '$ echo $?\r\n1\r\n'),
    );
    expect(svg).toMatch(/^<svg width="\d+" height="\d+" /);
    expect(svgLines(svg)).toEqual(['$ janus gate', 'model     score', 'BLOCKED', '$ echo $?', '1']);
    // the table's spaces survive SVG's collapsing of white space
    expect(svg).toMatch(/<text xml:space="preserve"[^>]*>model {5}score<\/text>/);
    expect(svg).toMatch(/<text xml:space="preserve"[^>]*fill="#[0-9A-Fa-f]{6}"[^>]*>BLOCKED<\/text>/);
  });
});
