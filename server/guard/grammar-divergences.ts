/**
 * Where tree-sitter's bash grammar reads a line differently from bash itself. Each known case is
 * either corrected or refused with its reason, never read wrong: a wrong reading could show a
 * rule `echo` where bash runs `rm`.
 *
 * Text between tokens: the grammar skips `\<space>`, `\<tab>`, a vertical tab, a form feed and
 * a carriage return as blanks, and a line continuation joins two tokens into one word
 * (`r\<newline>m` is `rm` to bash, `r` and `m` to the grammar). Between two tokens only spaces,
 * tabs, newlines and line continuations next to a blank may stand.
 */
import { CommandLineRefusal } from './command-line-refusal';
import type { Node } from 'web-tree-sitter';
import type { ShellWord } from './shell-word';

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

/**
 * Two arguments with nothing between them are one word to bash. The grammar splits `$"x"y`
 * (a translated string) into `$` and `"x"y`; any other such split is refused, not guessed.
 */
export function joinSplitWord(first: ShellWord, firstNode: Node, second: ShellWord): ShellWord {
  if (firstNode.type === '$' && second.source.startsWith('"')) {
    return { value: second.value, dynamic: second.dynamic, source: `$${second.source}` };
  }
  throw new CommandLineRefusal(`the command line has a word its parser splits in two (${JSON.stringify(first.source + second.source)})`);
}

/** bash's reserved words: a keyword where a command starts, never a program. */
const RESERVED_WORDS = new Set([
  '!',
  '{',
  '}',
  '[[',
  ']]',
  'case',
  'do',
  'done',
  'elif',
  'else',
  'esac',
  'fi',
  'for',
  'function',
  'if',
  'in',
  'select',
  'then',
  'until',
  'while',
]);

function isReserved(word: ShellWord | undefined): boolean {
  return word !== undefined && !word.dynamic && word.source === word.value && RESERVED_WORDS.has(word.value);
}

/**
 * The grammar knows `time` and `coproc` only as programs, so `time { rm x; }` comes out as a
 * program `time` with arguments `{ rm x` and a program `}`. Bash reads keywords there; a line
 * whose commands start with one as a program is refused, not read wrong.
 */
export function checkReservedWords(words: readonly ShellWord[]): void {
  const [program, ...args] = words;
  const misread = isReserved(program) || ((program?.value === 'time' || program?.value === 'coproc') && args.some(isReserved));
  if (misread) {
    throw new CommandLineRefusal(
      `the command line uses a shell keyword its parser reads as a program (${JSON.stringify(words.map((word) => word.source).join(' '))})`,
    );
  }
}
