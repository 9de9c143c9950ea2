/**
 * One shell word as the shell would pass it: quotes and escapes removed (`r''m`, `\rm`, `"rm"`
 * and `$'\x72m'` are all `rm`), or marked dynamic when an expansion decides it when the line
 * runs (`$X`, `${X}`, `$(…)`, `$((…))`, a glob such as `r*`, a brace list such as `{a,b}`).
 */
import type { Node } from 'web-tree-sitter';
import { decodeAnsiCQuoted } from './ansi-c-quoting';

export interface ShellWord {
  /** What the shell passes; only meaningful when `dynamic` is false. */
  value: string;
  dynamic: boolean;
  /** The word as written. */
  source: string;
}

/** A word whose value is known, as an argv element is. */
export function literalWord(value: string): ShellWord {
  return { value, dynamic: false, source: value };
}

/** How a word is shown to rules: its value, or its source when an expansion decides it. */
export function shownWord(word: ShellWord): string {
  return word.dynamic ? word.source : word.value;
}

/**
 * A word part read so far: its value, and its shape, the same characters with every quoted or
 * escaped one replaced by `_`, so glob and brace characters are seen only where they act.
 */
interface WordPart {
  value: string;
  shape: string;
  dynamic: boolean;
}

const DYNAMIC: WordPart = { value: '', shape: '', dynamic: true };

function quoted(value: string): WordPart {
  return { value, shape: '_'.repeat(value.length), dynamic: false };
}

/** An unquoted word: each backslash takes the next character literally. */
function unquotedWord(text: string): WordPart {
  let value = '';
  let shape = '';
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index]!;
    if (character === '\\' && index + 1 < text.length) {
      index += 1;
      if (text[index] === '\n') continue;
      value += text[index];
      shape += '_';
    } else {
      value += character;
      shape += character;
    }
  }
  return { value, shape, dynamic: false };
}

/** Inside "…" a backslash escapes only `$`, a backtick, `"`, `\` and a newline (removed). */
function doubleQuotedBody(text: string): string {
  let value = '';
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index]!;
    const next = text[index + 1];
    if (character === '\\' && next !== undefined && '$`"\\\n'.includes(next)) {
      if (next !== '\n') value += next;
      index += 1;
    } else {
      value += character;
    }
  }
  return value;
}

function doubleQuoted(node: Node): WordPart {
  if (node.namedChildren.some((child) => child.type !== 'string_content')) return DYNAMIC;
  return quoted(doubleQuotedBody(node.text.slice(1, -1)));
}

function concatenation(node: Node): WordPart {
  const children = node.children;
  const parts = children.map((child, index) => {
    if (child.isNamed) return wordPart(child);
    // Tokens the grammar leaves unnamed inside a word: a `$` before "…" makes it a $"…"
    // (translated) string, another `$` is itself; an empty `` `` `` adds nothing.
    if (child.type === '$') return children[index + 1]?.type === 'string' ? quoted('') : unquotedWord('$');
    if (child.type === '``') return quoted('');
    return DYNAMIC;
  });
  return {
    value: parts.map((part) => part.value).join(''),
    shape: parts.map((part) => part.shape).join(''),
    dynamic: parts.some((part) => part.dynamic),
  };
}

function wordPart(node: Node): WordPart {
  switch (node.type) {
    case 'word':
    case 'number':
      return unquotedWord(node.text);
    case 'raw_string':
      return quoted(node.text.slice(1, -1));
    case 'ansi_c_string':
      return quoted(decodeAnsiCQuoted(node.text.slice(2, -1)));
    case 'string':
      return doubleQuoted(node);
    case 'translated_string': {
      const string = node.namedChildren[0];
      return string ? wordPart(string) : DYNAMIC;
    }
    case 'concatenation':
      return concatenation(node);
    default:
      // $X, ${X}, $(…), `…`, <(…), $((…)), {1..3}, and anything the grammar adds later.
      return DYNAMIC;
  }
}

/** Pathname expansion: an unquoted `*`, `?` or `[` lets the file system choose the word. */
function hasGlob(shape: string): boolean {
  return shape.includes('*') || shape.includes('?') || shape.includes('[');
}

/** Brace expansion: an unquoted `{` with a later `,` or `..` and a later `}` (`{r,}m` is `rm m`). */
function hasBraceList(shape: string): boolean {
  const open = shape.indexOf('{');
  if (open < 0) return false;
  const close = shape.lastIndexOf('}');
  if (close < open) return false;
  const inside = shape.slice(open + 1, close);
  return inside.includes(',') || inside.includes('..');
}

/** Reads a word node of the bash grammar (any `_literal`). */
export function readWord(node: Node): ShellWord {
  const part = wordPart(node);
  return {
    value: part.value,
    dynamic: part.dynamic || hasGlob(part.shape) || hasBraceList(part.shape),
    source: node.text,
  };
}
