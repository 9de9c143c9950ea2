/**
 * What a shell command line really runs, for the guard to judge (issue 23): every simple command
 * at any depth, through quoting (`r''m`, `\rm`, `$'\x72m'` are `rm`), substitutions and wrappers
 * (`sudo`, `env`, `bash -lc '…'`, `xargs`, `find -exec`, `eval` …), and every file redirect.
 * Read with a real bash parser (shell-parser-loader.ts), never with regular expressions.
 *
 * A line it cannot read for certain is `ok: false` with the reason, so the caller asks.
 */
import type { Parser } from 'web-tree-sitter';
import { CommandLineRefusal } from './command-line-refusal';
import { loadShellParser } from './shell-parser-loader';
import { readCommandLineTree, type Redirect } from './shell-syntax-tree';
import { literalWord, type ShellWord, shownWord } from './shell-word';
import { unwrapCommand } from './shell-wrappers';

export type { Redirect } from './shell-syntax-tree';

export interface SimpleCommand {
  /** The program as the shell looks it up, quotes and escapes removed (`r''m`, `\rm`, `"rm"` → `rm`; `/bin/rm` stays `/bin/rm`); undefined when an expansion decides it (`$(echo rm)`, `$CMD`, `${X}`). */
  program: string | undefined;
  /** Arguments after the program, unquoted; a word with an expansion is kept as its source text. */
  args: string[];
  /** True when some argument depends on an expansion (`rm $(cat list)`). */
  dynamicArgs: boolean;
  /** program and args joined by single spaces (what old-style text matchers such as startsWith see). */
  text: string;
  /** The wrapper this command was unwrapped from (`sudo`, `env`, `bash -c`, `xargs`, `find -exec` …), if any. */
  wrappedBy?: string;
}

export type CommandParse =
  | { ok: true; commands: SimpleCommand[]; redirects: Redirect[]; dynamicRedirects: boolean }
  | { ok: false; reason: string };

/** What one line may hold before it is refused: reading it must stay cheap whatever it is. */
export const COMMAND_LINE_LIMITS = { characters: 100_000, wrapDepth: 16, commands: 10_000 } as const;

/** The name a rule compares: the basename of a program path (`/usr/bin/rm` → `rm`). */
export function programName(program: string): string {
  return program.slice(program.lastIndexOf('/') + 1);
}

class CommandCollector {
  readonly commands: SimpleCommand[] = [];
  readonly redirects: Redirect[] = [];
  dynamicRedirects = false;

  constructor(private readonly parser: Parser) {}

  addLine(line: string, depth: number, wrappedBy?: string): void {
    checkLength(line.length);
    let reading: ReturnType<typeof readCommandLineTree>;
    try {
      reading = readCommandLineTree(this.parser, line, COMMAND_LINE_LIMITS.commands - this.commands.length);
    } catch (error) {
      if (error instanceof CommandLineRefusal && wrappedBy) {
        throw new CommandLineRefusal(`in the line given to ${wrappedBy}, ${error.message}`, { cause: error });
      }
      throw error;
    }
    this.redirects.push(...reading.redirects);
    this.dynamicRedirects ||= reading.dynamicRedirects;
    for (const words of reading.commands) this.addCommand(words, depth, wrappedBy, false);
  }

  /** `argsFromElsewhere`: the command also gets arguments the line does not show (xargs, find). */
  addCommand(words: readonly ShellWord[], depth: number, wrappedBy: string | undefined, argsFromElsewhere: boolean): void {
    const [program, ...args] = words;
    if (!program) return;
    this.push({
      program: program.dynamic ? undefined : program.value,
      args: args.map(shownWord),
      dynamicArgs: argsFromElsewhere || args.some((word) => word.dynamic),
      text: words.map(shownWord).join(' '),
      ...(wrappedBy === undefined ? {} : { wrappedBy }),
    });
    if (program.dynamic) return;
    const inner = unwrapCommand(programName(program.value), args);
    if (inner.length === 0) return;
    if (depth + 1 > COMMAND_LINE_LIMITS.wrapDepth) {
      throw new CommandLineRefusal(`the command line wraps commands more than ${COMMAND_LINE_LIMITS.wrapDepth} levels deep`);
    }
    for (const unwrapped of inner) {
      if (unwrapped.kind === 'argv') {
        this.addCommand(unwrapped.words, depth + 1, unwrapped.wrappedBy, argsFromElsewhere || unwrapped.dynamicArgs);
      } else if (unwrapped.kind === 'line' && !unwrapped.line.dynamic) {
        this.addLine(unwrapped.line.value, depth + 1, unwrapped.wrappedBy);
      } else {
        const shown = unwrapped.kind === 'line' ? [unwrapped.line.source] : unwrapped.words.map(shownWord);
        this.push({ program: undefined, args: shown, dynamicArgs: true, text: shown.join(' '), wrappedBy: unwrapped.wrappedBy });
      }
    }
  }

  private push(command: SimpleCommand): void {
    if (this.commands.length >= COMMAND_LINE_LIMITS.commands) {
      throw new CommandLineRefusal(`the command line runs more than ${COMMAND_LINE_LIMITS.commands} commands`);
    }
    this.commands.push(command);
  }
}

function lengthProblem(characters: number): string | undefined {
  if (characters <= COMMAND_LINE_LIMITS.characters) return undefined;
  return `the command line has ${characters} characters, more than the ${COMMAND_LINE_LIMITS.characters} the guard reads`;
}

function checkLength(characters: number): void {
  const problem = lengthProblem(characters);
  if (problem) throw new CommandLineRefusal(problem);
}

async function collect(fill: (collector: CommandCollector) => void): Promise<CommandParse> {
  try {
    const collector = new CommandCollector(await loadShellParser());
    fill(collector);
    const { commands, redirects, dynamicRedirects } = collector;
    return { ok: true, commands, redirects, dynamicRedirects };
  } catch (error) {
    if (error instanceof CommandLineRefusal) return { ok: false, reason: error.message };
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, reason: `the command line could not be read: ${message}` };
  }
}

/** Every simple command a shell command line runs, and the files it redirects to or from. */
export function parseCommandLine(line: string): Promise<CommandParse> {
  if (typeof line !== 'string') return Promise.resolve({ ok: false, reason: 'the command line is not text' });
  // Checked before the parser is loaded or asked, so an oversized line costs nothing.
  const problem = lengthProblem(line.length);
  if (problem) return Promise.resolve({ ok: false, reason: problem });
  return collect((collector) => collector.addLine(line, 0));
}

/** An argv array as agents send it (Codex: ["/bin/bash","-lc","rm -f victim.txt"]), unwrapped the same way. */
export function parseArgv(argv: readonly string[]): Promise<CommandParse> {
  if (!Array.isArray(argv)) return Promise.resolve({ ok: false, reason: 'the command is not a list of words' });
  const notText = argv.findIndex((word) => typeof word !== 'string');
  if (notText >= 0) return Promise.resolve({ ok: false, reason: `word ${notText + 1} of the command is not text` });
  const problem = lengthProblem(argv.reduce((total, word) => total + word.length + 1, 0));
  if (problem) return Promise.resolve({ ok: false, reason: problem });
  return collect((collector) => collector.addCommand(argv.map(literalWord), 0, undefined, false));
}
