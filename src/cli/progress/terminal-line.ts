/**
 * The one line a progress bar owns at the bottom of a terminal, as cli-progress's `terminal` option expects it:
 * carriage return and erase only (no saved cursor, no hidden cursor, no line-wrap switch), so a process stopped at
 * any point leaves the terminal as it found it. Other writes to the stream call `clear()` first.
 */
export class TerminalLine {
  private drawn = false;

  constructor(private readonly stream: NodeJS.WriteStream) {}

  /** Erases the line if something is drawn on it; the bar draws it again on its next frame. */
  clear(): void {
    if (this.drawn) this.stream.write('\r\x1b[2K');
    this.drawn = false;
  }

  write(text: string): void {
    this.stream.write(text);
    this.drawn = true;
  }
  newline(): void {
    this.stream.write('\n');
    this.drawn = false;
  }
  cursorTo(x: number | null): void {
    if (x === 0) this.stream.write('\r');
  }
  clearRight(): void {
    this.stream.write('\x1b[K');
  }
  clearLine(): void {
    this.clear();
  }
  isTTY(): boolean {
    return true;
  }
  getWidth(): number {
    return this.stream.columns || 80;
  }
  // what cli-progress may also call: nothing to do on one line
  cursorSave(): void {}
  cursorRestore(): void {}
  cursor(): void {}
  cursorRelative(): void {}
  cursorRelativeReset(): void {}
  clearBottom(): void {}
  lineWrapping(): void {}
}
