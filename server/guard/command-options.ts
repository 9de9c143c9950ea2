/**
 * Reads the options a wrapper such as `sudo`, `env` or `timeout` takes before the command it
 * runs, the way getopt does (clustered short options `-lc`, values attached `-n5` or apart
 * `-n 5`, long options `--user=root` or `--user root`, unambiguous long prefixes `--adj=5`,
 * `--` to end them), so the first word after them is known to be the command.
 */
import type { ShellWord } from './shell-word';

/** Whether an option takes a value: always, never, or only attached (`-i{}`, `--replace=X`). */
export type OptionValue = 'none' | 'required' | 'attached';

export interface OptionGrammar {
  /** By letter. */
  short: Readonly<Record<string, OptionValue>>;
  /** By name, with the letter it is the long form of, so a wrapper asks for one key. */
  long?: Readonly<Record<string, { value: OptionValue; short?: string }>>;
  /** Shells also take options after a plus: `+o pipefail`, `+x`. */
  plus?: boolean;
  /** `nice -5`: a dash and digits is an option. */
  numeric?: boolean;
  /** `env -` means `env -i`. */
  loneDash?: string;
}

export interface ScannedOptions {
  /** The index of the first word that is not an option (past a `--`). */
  operand: number;
  /** Each option given, by letter (or long name when it has none), with its value if any. */
  given: Map<string, string | true>;
  /**
   * An option this grammar does not know, a value missing, or a word an expansion decides where
   * an option may stand: which word is the command cannot be told.
   */
  unknown: boolean;
}

/** Letters that are plain flags, for writing grammars briefly. */
export function flags(letters: string): Record<string, OptionValue> {
  return Object.fromEntries([...letters].map((letter) => [letter, 'none' as const]));
}

/** Letters that take a value. */
export function valued(letters: string): Record<string, OptionValue> {
  return Object.fromEntries([...letters].map((letter) => [letter, 'required' as const]));
}

function longOption(grammar: OptionGrammar, written: string): [string, { value: OptionValue; short?: string }] | undefined {
  const long = grammar.long ?? {};
  if (Object.hasOwn(long, written)) return [written, long[written]!];
  const candidates = Object.keys(long).filter((name) => name.startsWith(written));
  return candidates.length === 1 ? [candidates[0]!, long[candidates[0]!]!] : undefined;
}

function isDigits(text: string): boolean {
  return text.length > 0 && [...text].every((character) => character >= '0' && character <= '9');
}

export function scanOptions(words: readonly ShellWord[], grammar: OptionGrammar, start = 0): ScannedOptions {
  const given = new Map<string, string | true>();
  const unknown = (index: number): ScannedOptions => ({ operand: index, given, unknown: true });
  let index = start;
  while (index < words.length) {
    const word = words[index]!;
    if (word.dynamic) return unknown(index);
    const text = word.value;
    if (text === '--') return { operand: index + 1, given, unknown: false };
    if (text === '-' && grammar.loneDash) {
      given.set(grammar.loneDash, true);
      index += 1;
      continue;
    }
    const prefix = text[0];
    const isOption = text.length > 1 && (prefix === '-' || (prefix === '+' && grammar.plus));
    if (!isOption) break;
    index += 1;
    if (grammar.numeric && prefix === '-' && isDigits(text.slice(1))) continue;
    if (text.startsWith('--')) {
      const equals = text.indexOf('=');
      const found = longOption(grammar, text.slice(2, equals < 0 ? undefined : equals));
      if (!found) return unknown(index - 1);
      const [name, { value, short }] = found;
      const key = short ?? name;
      if (equals >= 0) {
        if (value === 'none') return unknown(index - 1);
        given.set(key, text.slice(equals + 1));
      } else if (value === 'required') {
        const next = words[index];
        if (!next || next.dynamic) return unknown(index - 1);
        given.set(key, next.value);
        index += 1;
      } else {
        given.set(key, true);
      }
      continue;
    }
    for (let at = 1; at < text.length; at += 1) {
      const letter = text[at]!;
      if (!Object.hasOwn(grammar.short, letter)) return unknown(index - 1);
      const value = grammar.short[letter];
      const rest = text.slice(at + 1);
      if (value === 'none') {
        given.set(letter, true);
        continue;
      }
      if (rest.length > 0) {
        given.set(letter, rest);
      } else if (value === 'required') {
        const next = words[index];
        if (!next || next.dynamic) return unknown(index - 1);
        given.set(letter, next.value);
        index += 1;
      } else {
        given.set(letter, true);
      }
      break;
    }
  }
  return { operand: index, given, unknown: false };
}
