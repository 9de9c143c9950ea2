/**
 * Where the bash grammar and bash itself split words differently, the grammar's tokens leave
 * text between them that bash reads as part of a word. The grammar skips `\<space>`, `\<tab>`,
 * a vertical tab, a form feed and a carriage return as blanks, and a line continuation joins
 * two tokens into one word (`r\<newline>m` is `rm` to bash, `r` and `m` to the grammar). Such a
 * line is refused rather than read wrong: between two tokens only spaces, tabs, newlines and
 * line continuations next to a blank may stand.
 */
import { CommandLineRefusal } from './command-line-refusal';

const LINE_CONTINUATION = '\\\n';

function describe(text: string): string {
  return JSON.stringify(text.length > 20 ? `${text.slice(0, 20)}…` : text);
}

/** Throws when the text between two tokens (from `start` to `end`) is not plain blanks. */
export function checkSkippedText(line: string, start: number, end: number): void {
  if (end <= start) return;
  const gap = line.slice(start, end);
  const withoutContinuations = gap.split(LINE_CONTINUATION).join('');
  for (const character of withoutContinuations) {
    if (character !== ' ' && character !== '\t' && character !== '\n') {
      throw new CommandLineRefusal(
        `the command line has ${describe(gap)} between two words, which the shell reads differently from its parser`,
      );
    }
  }
  const joinsTwoTokens = start > 0 && end < line.length && withoutContinuations.length === 0;
  if (joinsTwoTokens) {
    throw new CommandLineRefusal(
      `the command line joins two words with a line continuation (${describe(line.slice(Math.max(0, start - 10), end + 10))}), which the shell reads as one word`,
    );
  }
}
