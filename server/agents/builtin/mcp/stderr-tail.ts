/**
 * A stdio server's stderr, split into lines for the log, with the last few kept: when a server
 * fails, its own last words are usually the best reason to show the user.
 */
const KEPT_LINES = 5;
const MAX_LINE = 500;
/** A line longer than this is given out in pieces rather than buffered without end. */
const MAX_PARTIAL = 16 * 1024;

export class StderrTail {
  private partial = '';
  private readonly lines: string[] = [];

  /** Takes a chunk of output; returns the complete, non-blank lines it finished. */
  add(chunk: string): string[] {
    const pieces = (this.partial + chunk).split('\n');
    this.partial = pieces.pop() ?? '';
    if (this.partial.length > MAX_PARTIAL) {
      pieces.push(this.partial);
      this.partial = '';
    }
    const complete = pieces.map((line) => line.replace(/\r$/, '')).filter((line) => line.trim() !== '');
    for (const line of complete) this.keep(line);
    return complete;
  }

  /** The last lines (and any unfinished one), joined for a one-line reason. */
  text(): string {
    const lines = this.partial.trim() ? [...this.lines, this.partial] : this.lines;
    return lines.slice(-KEPT_LINES).join(' | ');
  }

  /** Drops the lines kept so far: start-up chatter says nothing about a later crash. */
  forget(): void {
    this.lines.length = 0;
  }

  private keep(line: string): void {
    this.lines.push(line.length > MAX_LINE ? `${line.slice(0, MAX_LINE)}…` : line);
    if (this.lines.length > KEPT_LINES) this.lines.shift();
  }
}
