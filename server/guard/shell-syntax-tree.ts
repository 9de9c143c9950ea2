/**
 * Reads one command line's bash syntax tree: every simple command it holds at any depth (lists,
 * pipelines, subshells, groups, if/while/for/case bodies, function bodies, `$(…)`, backticks and
 * `<(…)` wherever they stand, heredoc bodies) as words, and every file redirect.
 *
 * The walk is a tree cursor, not recursion, so a line nested thousands deep is read like a flat
 * one. Where the grammar is known to differ from bash it is corrected (words it hangs on a
 * redirect are the command's arguments: `echo >out a b`) or the line is refused
 * (grammar-divergences.ts).
 */
import type { Node, Parser, TreeCursor } from 'web-tree-sitter';
import { CommandLineRefusal } from './command-line-refusal';
import { readWord, type ShellWord } from './shell-word';
import { checkReservedWords, checkSkippedText, joinSplitWord } from './grammar-divergences';

export interface Redirect {
  path: string;
  access: 'read' | 'write';
}

export interface SyntaxTreeReading {
  /** Each simple command's words, the program first. */
  commands: ShellWord[][];
  redirects: Redirect[];
  /** A redirect whose target an expansion decides (`> "$OUT"`). */
  dynamicRedirects: boolean;
}

const REDIRECT_OPERATORS = new Set(['>', '>>', '&>', '&>>', '>|', '<', '<&', '>&', '<&-', '>&-']);
/** Nodes whose inside is text, not tokens: blanks there belong to the value. */
const TEXT_NODES = new Set(['string', 'translated_string', 'heredoc_body']);
/** Code again, inside text: `"$(rm x)"`. */
const CODE_NODES = new Set(['command_substitution', 'process_substitution']);

function isDescriptor(value: string): boolean {
  if (value === '-') return true;
  return value.length > 0 && [...value].every((character) => character >= '0' && character <= '9');
}

function position(line: string, index: number): string {
  const before = line.slice(0, index);
  const row = before.split('\n').length;
  return `line ${row}, column ${index - before.lastIndexOf('\n')}`;
}

/** tree-sitter recovers from errors without a message; this says where and what it could not read. */
function describeSyntaxError(root: Node, line: string): string {
  const cursor = root.walk();
  try {
    for (;;) {
      if (cursor.nodeIsMissing) return `missing \`${cursor.nodeType}\` at ${position(line, cursor.startIndex)}`;
      if (cursor.nodeType === 'ERROR') {
        const text = line.slice(cursor.startIndex, cursor.endIndex);
        const trimmed = text.trimStart();
        const shown = trimmed.length > 30 ? `${trimmed.slice(0, 30)}…` : trimmed;
        return `unexpected ${JSON.stringify(shown)} at ${position(line, cursor.startIndex + text.length - trimmed.length)}`;
      }
      if (cursor.gotoFirstChild()) continue;
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent()) return 'a syntax error';
      }
    }
  } finally {
    cursor.delete();
  }
}

class TreeReader {
  private readonly reading: SyntaxTreeReading = { commands: [], redirects: [], dynamicRedirects: false };
  /** Words the grammar put after a redirect's target, by the id of the command they belong to. */
  private readonly trailingWords = new Map<number, ShellWord[]>();
  /** Text nodes (and code inside them) entered and not yet left, for the skipped-text check. */
  private readonly modes: { id: number; end: number; code: boolean }[] = [];
  private lastTokenEnd = 0;

  constructor(
    private readonly line: string,
    private readonly commandBudget: number,
  ) {}

  read(root: Node): SyntaxTreeReading {
    const cursor = root.walk();
    try {
      for (;;) {
        this.enter(cursor);
        if (cursor.gotoFirstChild()) continue;
        this.leaveToken(cursor);
        while (!cursor.gotoNextSibling()) {
          if (!cursor.gotoParent()) {
            checkSkippedText(this.line, this.lastTokenEnd, this.line.length);
            return this.reading;
          }
          this.leave(cursor);
        }
      }
    } finally {
      cursor.delete();
    }
  }

  private inCode(): boolean {
    return this.modes.at(-1)?.code ?? true;
  }

  private enter(cursor: TreeCursor): void {
    const type = cursor.nodeType;
    const code = TEXT_NODES.has(type) ? false : CODE_NODES.has(type) ? true : undefined;
    if (code !== undefined) {
      if (this.inCode()) checkSkippedText(this.line, this.lastTokenEnd, cursor.startIndex);
      this.lastTokenEnd = cursor.startIndex;
      this.modes.push({ id: cursor.nodeId, end: cursor.endIndex, code });
    }
    switch (type) {
      case 'command':
        return this.addCommand(cursor.currentNode);
      case 'declaration_command':
      case 'unset_command':
        return this.addDeclaration(cursor.currentNode);
      case 'redirected_statement':
        return this.noteTrailingWords(cursor.currentNode);
      case 'file_redirect':
        return this.addRedirect(cursor.currentNode);
    }
  }

  /** At a node without children: a token, or a text node left at once (`<<'EOF'` bodies). */
  private leaveToken(cursor: TreeCursor): void {
    if (this.modes.at(-1)?.id === cursor.nodeId) return this.leave(cursor);
    if (this.inCode()) checkSkippedText(this.line, this.lastTokenEnd, cursor.startIndex);
    this.lastTokenEnd = cursor.endIndex;
  }

  private leave(cursor: TreeCursor): void {
    const mode = this.modes.at(-1);
    if (mode?.id === cursor.nodeId) {
      this.modes.pop();
      this.lastTokenEnd = mode.end;
    }
  }

  private push(words: ShellWord[]): void {
    if (this.reading.commands.length >= this.commandBudget) {
      throw new CommandLineRefusal(`the command line runs more than ${this.commandBudget} commands`);
    }
    this.reading.commands.push(words);
  }

  private addCommand(node: Node): void {
    const words: ShellWord[] = [];
    let named = false;
    let previous: Node | undefined;
    for (const child of node.children) {
      if (child.type === 'command_name') {
        named = true;
        const literal = child.namedChildren[0];
        if (literal) words.push(readWord(literal));
      } else if (named && child.type !== 'herestring_redirect' && child.type !== 'file_redirect') {
        // Unnamed tokens among the arguments (a bare `$`, `==`) are passed as written.
        const word = child.isNamed ? readWord(child) : { value: child.text, dynamic: false, source: child.text };
        if (previous?.endIndex === child.startIndex) words.push(joinSplitWord(words.pop()!, previous, word));
        else words.push(word);
        previous = child;
        continue;
      }
      previous = child.type === 'command_name' ? child : undefined;
    }
    words.push(...(this.trailingWords.get(node.id) ?? []));
    checkReservedWords(words);
    if (words.length > 0) this.push(words);
  }

  /** `export A=1`, `local x`, `unset y`: builtins the grammar gives nodes of their own. */
  private addDeclaration(node: Node): void {
    const keyword = node.children[0];
    if (!keyword) return;
    const words: ShellWord[] = [{ value: keyword.text, dynamic: false, source: keyword.text }];
    for (const child of node.namedChildren) {
      if (child.type === 'variable_assignment') {
        const value = child.childForFieldName('value');
        const read = value ? readWord(value) : { value: '', dynamic: false, source: '' };
        const prefix = this.line.slice(child.startIndex, value ? value.startIndex : child.endIndex);
        words.push({ value: prefix + read.value, dynamic: read.dynamic, source: child.text });
      } else {
        words.push(readWord(child));
      }
    }
    this.push(words);
  }

  /** The command a statement's redirects belong to: the statement, or a pipeline's last command. */
  private redirectedCommand(body: Node | null): Node | undefined {
    if (!body) return undefined;
    if (body.type === 'command') return body;
    if (body.type === 'pipeline' || body.type === 'negated_command') {
      return this.redirectedCommand(body.namedChildren.at(-1) ?? null);
    }
    return undefined;
  }

  /**
   * The grammar reads every word after a redirect's target as more targets (`echo >out a b`,
   * `rm 2>/dev/null -rf /`); bash passes them to the command as arguments.
   */
  private noteTrailingWords(node: Node): void {
    const trailing: ShellWord[] = [];
    const collect = (redirect: Node): void => {
      if (redirect.type === 'file_redirect') {
        trailing.push(...redirect.childrenForFieldName('destination').slice(1).map(readWord));
      } else if (redirect.type === 'heredoc_redirect') {
        // `cat <<EOF a b > out c`: the words after the delimiter are arguments too.
        trailing.push(...redirect.childrenForFieldName('argument').map(readWord));
        redirect.childrenForFieldName('redirect').forEach(collect);
      }
    };
    node.childrenForFieldName('redirect').forEach(collect);
    if (trailing.length === 0) return;
    const command = this.redirectedCommand(node.childForFieldName('body'));
    if (!command) {
      throw new CommandLineRefusal(
        `the command line has words after a redirect of a compound command (${JSON.stringify(trailing[0]!.source)})`,
      );
    }
    this.trailingWords.set(command.id, [...(this.trailingWords.get(command.id) ?? []), ...trailing]);
  }

  private addRedirect(node: Node): void {
    const operator = node.children.find((child) => !child.isNamed && REDIRECT_OPERATORS.has(child.type))?.type;
    const target = node.childrenForFieldName('destination')[0];
    if (!operator || !target || operator === '<&-' || operator === '>&-') return;
    const word = readWord(target);
    if (word.dynamic) {
      this.reading.dynamicRedirects = true;
      return;
    }
    // `2>&1`, `<&3`, `>&-`: a file descriptor, not a file.
    if ((operator === '>&' || operator === '<&') && isDescriptor(word.value)) return;
    const access = operator === '<' || operator === '<&' ? 'read' : 'write';
    this.reading.redirects.push({ path: word.value, access });
  }
}

/**
 * Parses `line` and reads its commands and redirects; throws a CommandLineRefusal when the line
 * does not parse or holds more than `commandBudget` commands.
 */
export function readCommandLineTree(parser: Parser, line: string, commandBudget: number): SyntaxTreeReading {
  const tree = parser.parse(line);
  if (!tree) throw new CommandLineRefusal('the shell parser returned no syntax tree');
  try {
    if (tree.rootNode.hasError) {
      throw new CommandLineRefusal(`the command line does not parse: ${describeSyntaxError(tree.rootNode, line)}`);
    }
    return new TreeReader(line, commandBudget).read(tree.rootNode);
  } finally {
    tree.delete();
  }
}
