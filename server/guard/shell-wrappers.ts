/**
 * Programs that run another command: `sudo rm x` runs `rm`, `bash -lc 'rm x'` runs the line
 * `rm x`, `find . -exec rm {} ;` runs `rm` once per file. Each wrapper says what it runs, so
 * a rule on `rm` sees it however it is wrapped (and a rule on `sudo` still sees `sudo`).
 */
import { type OptionGrammar, scanOptions } from './command-options';
import { literalWord, type ShellWord, shownWord } from './shell-word';
import * as grammars from './wrapper-grammars';

export type Unwrapped =
  /** Runs these words as a command; `dynamicArgs` when more arguments come from elsewhere (xargs). */
  | { kind: 'argv'; words: ShellWord[]; wrappedBy: string; dynamicArgs: boolean }
  /** Hands this text to a shell as a command line. */
  | { kind: 'line'; line: ShellWord; wrappedBy: string }
  /** Runs something that cannot be told: an option not known, `bash -c "$CMD"`. */
  | { kind: 'unknown'; words: ShellWord[]; wrappedBy: string };

interface AfterOptions {
  /** Operands to pass over before the command: `timeout DURATION`, `chrt PRIORITY`. */
  operands?: number;
  /** `NAME=VALUE` words before the command set its environment (env, sudo). */
  assignments?: boolean;
  /** Options after which nothing runs: `command -v`, `sudo -l`. */
  runsNothingWith?: string;
}

function isAssignment(word: ShellWord): boolean {
  return !word.dynamic && word.value.indexOf('=') > 0;
}

/** The command after a wrapper's options, or what stands in for it. */
function afterOptions(args: readonly ShellWord[], grammar: OptionGrammar, wrappedBy: string, how: AfterOptions = {}): Unwrapped[] {
  const scanned = scanOptions(args, grammar);
  if (scanned.unknown) return [{ kind: 'unknown', words: args.slice(scanned.operand), wrappedBy }];
  const runsNothing = [...(how.runsNothingWith ?? ''), 'help', 'version'].some((key) => scanned.given.has(key));
  if (runsNothing) return [];
  let start = scanned.operand + (how.operands ?? 0);
  while (how.assignments && args[start] && isAssignment(args[start]!)) start += 1;
  const words = args.slice(start);
  return words.length === 0 ? [] : [{ kind: 'argv', words, wrappedBy, dynamicArgs: false }];
}

/** What `eval` and `watch` do: join the words with spaces and read the result as a line. */
function joinedLine(words: readonly ShellWord[], wrappedBy: string): Unwrapped[] {
  if (words.length === 0) return [];
  const value = words.map(shownWord).join(' ');
  return [{ kind: 'line', line: { value, dynamic: false, source: words.map((word) => word.source).join(' ') }, wrappedBy }];
}

function singleQuoted(value: string): string {
  return `'${value.split("'").join(`'\\''`)}'`;
}

function shell(name: string) {
  return (args: readonly ShellWord[]): Unwrapped[] => {
    const wrappedBy = `${name} -c`;
    const scanned = scanOptions(args, grammars.SHELL);
    if (scanned.unknown) return [{ kind: 'unknown', words: args.slice(scanned.operand), wrappedBy }];
    // Without -c the shell runs a script file or its standard input: the shell itself is the
    // command rules see.
    const line = args[scanned.operand];
    return scanned.given.has('c') && line ? [{ kind: 'line', line, wrappedBy }] : [];
  };
}

function env(args: readonly ShellWord[]): Unwrapped[] {
  const scanned = scanOptions(args, grammars.ENV);
  const split = scanned.given.get('S');
  if (scanned.unknown || typeof split !== 'string') return afterOptions(args, grammars.ENV, 'env', { assignments: true });
  // `env -S 'rm -f' x`: the string is split into words (quotes honoured) before the rest.
  const rest = args.slice(scanned.operand).map((word) => (word.dynamic ? word.source : singleQuoted(word.value)));
  return [{ kind: 'line', line: literalWord([split, ...rest].join(' ')), wrappedBy: 'env -S' }];
}

function xargs(args: readonly ShellWord[]): Unwrapped[] {
  const scanned = scanOptions(args, grammars.XARGS);
  if (scanned.unknown) return [{ kind: 'unknown', words: args.slice(scanned.operand), wrappedBy: 'xargs' }];
  if (scanned.given.has('help') || scanned.given.has('version')) return [];
  const replace = scanned.given.get('I') ?? scanned.given.get('i');
  const placeholder = replace === true ? '{}' : replace;
  const words = args.slice(scanned.operand);
  return [
    {
      kind: 'argv',
      // With no command xargs runs echo; every item read from standard input is an argument.
      words: words.length > 0 ? withPlaceholder(words, placeholder) : [literalWord('echo')],
      wrappedBy: 'xargs',
      dynamicArgs: true,
    },
  ];
}

/**
 * `{}` (find) or xargs' replace string is substituted anywhere in a word, even inside
 * `sh -c 'rm {}'`, so such a word is decided by file names or input, not by the line.
 */
function withPlaceholder(words: readonly ShellWord[], placeholder: string | undefined): ShellWord[] {
  if (!placeholder) return [...words];
  return words.map((word) => (word.value.includes(placeholder) ? { ...word, dynamic: true } : word));
}

const FIND_ACTIONS = new Set(['-exec', '-execdir', '-ok', '-okdir']);

function find(args: readonly ShellWord[]): Unwrapped[] {
  const commands: Unwrapped[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const action = args[index]!;
    if (action.dynamic || !FIND_ACTIONS.has(action.value)) continue;
    let end = index + 1;
    while (end < args.length) {
      const word = args[end]!;
      const ends = !word.dynamic && (word.value === ';' || (word.value === '+' && args[end - 1]?.value === '{}'));
      if (ends) break;
      end += 1;
    }
    const words = withPlaceholder(args.slice(index + 1, end), '{}');
    if (words.length > 0) commands.push({ kind: 'argv', words, wrappedBy: `find ${action.value}`, dynamicArgs: true });
    index = end;
  }
  return commands;
}

function busybox(args: readonly ShellWord[]): Unwrapped[] {
  const applet = args[0];
  if (!applet) return [];
  if (applet.dynamic) return [{ kind: 'unknown', words: [...args], wrappedBy: 'busybox' }];
  return applet.value.startsWith('-') ? [] : [{ kind: 'argv', words: [...args], wrappedBy: 'busybox', dynamicArgs: false }];
}

const SHELLS = ['sh', 'bash', 'rbash', 'dash', 'ash', 'zsh', 'ksh', 'mksh', 'yash', 'posh', 'fish'];

const WRAPPERS: Readonly<Record<string, (args: readonly ShellWord[]) => Unwrapped[]>> = {
  ...Object.fromEntries(SHELLS.map((name) => [name, shell(name)])),
  env,
  xargs,
  find,
  busybox,
  eval: (args) => joinedLine(args, 'eval'),
  command: (args) => afterOptions(args, grammars.COMMAND, 'command', { runsNothingWith: 'vV' }),
  builtin: (args) => afterOptions(args, grammars.NO_OPTIONS, 'builtin'),
  exec: (args) => afterOptions(args, grammars.EXEC, 'exec'),
  coproc: (args) => afterOptions(args, grammars.NO_OPTIONS, 'coproc'),
  nohup: (args) => afterOptions(args, grammars.NO_OPTIONS, 'nohup'),
  nice: (args) => afterOptions(args, grammars.NICE, 'nice'),
  time: (args) => afterOptions(args, grammars.TIME, 'time'),
  timeout: (args) => afterOptions(args, grammars.TIMEOUT, 'timeout', { operands: 1 }),
  sudo: (args) => {
    // `-h` alone is help; `-hHOST` names a host.
    if (scanOptions(args, grammars.SUDO).given.get('h') === true) return [];
    return afterOptions(args, grammars.SUDO, 'sudo', { assignments: true, runsNothingWith: 'elvKV' });
  },
  doas: (args) => afterOptions(args, grammars.DOAS, 'doas', { runsNothingWith: 'CL' }),
  stdbuf: (args) => afterOptions(args, grammars.STDBUF, 'stdbuf'),
  ionice: (args) => afterOptions(args, grammars.IONICE, 'ionice', { runsNothingWith: 'pPu' }),
  setsid: (args) => afterOptions(args, grammars.SETSID, 'setsid'),
  chrt: (args) => afterOptions(args, grammars.CHRT, 'chrt', { operands: 1, runsNothingWith: 'pm' }),
  taskset: (args) => afterOptions(args, grammars.TASKSET, 'taskset', { operands: 1, runsNothingWith: 'p' }),
  watch: (args) => {
    const scanned = scanOptions(args, grammars.WATCH);
    if (scanned.unknown || scanned.given.has('x')) return afterOptions(args, grammars.WATCH, 'watch');
    // Without --exec, watch joins its arguments and runs them with `sh -c`.
    return joinedLine(args.slice(scanned.operand), 'watch');
  },
};

/** What a program runs when it is a wrapper (`name` is the program's base name), else nothing. */
export function unwrapCommand(name: string, args: readonly ShellWord[]): Unwrapped[] {
  return Object.hasOwn(WRAPPERS, name) ? WRAPPERS[name]!(args) : [];
}
